import { useQuery } from '@tanstack/react-query';
import { Settings as SettingsIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '../../../web/src/app/logo.tsx';
import { Button } from '../../../web/src/ui/button.tsx';
import { Spinner } from '../../../web/src/ui/spinner.tsx';
import type { CaptureRequest } from '../context-menu.ts';
import { captureOf } from '../current-page.ts';
import { loadSettings } from '../settings.ts';
import { SaveForm } from './save-form.tsx';

const openOptions = () => void chrome.runtime.openOptionsPage();

/** The popup's frame: the mark, its title and a way to the options. */
function PopupFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 p-4">
      <header className="flex items-center gap-2.5">
        <Logo className="size-7" />
        <h1 className="flex-1 text-base font-semibold text-fg">Save to Nestmark</h1>
        <Button variant="ghost" size="icon" aria-label="Options" onClick={openOptions}>
          <SettingsIcon aria-hidden />
        </Button>
      </header>
      {children}
    </div>
  );
}

/**
 * The popup (PRODUCT.md#browser-extension): saves the page of `request` (the current tab unless the
 * context menu named a tab, link or selection) into a collection, with tags and the selected text
 * as its note. Without stored settings it sends the user to the options page first.
 */
export function PopupPage({ request }: { request: CaptureRequest }) {
  const settings = useQuery({
    queryKey: ['settings'],
    queryFn: async () => (await loadSettings()) ?? null,
  });
  const capture = useQuery({ queryKey: ['capture'], queryFn: () => captureOf(request) });
  if (settings.isPending || capture.isPending) {
    return (
      <PopupFrame>
        <div className="flex justify-center py-8 text-fg-muted">
          <Spinner />
        </div>
      </PopupFrame>
    );
  }
  if (!settings.data) {
    return (
      <PopupFrame>
        <p className="text-sm text-fg-muted">
          Tell the extension where your Nestmark server is and give it an access token first.
        </p>
        <Button variant="primary" onClick={openOptions}>
          Open the options
        </Button>
      </PopupFrame>
    );
  }
  return (
    <PopupFrame>
      <SaveForm
        settings={settings.data}
        capture={capture.data ?? { url: '', title: '', note: '' }}
        onOpenOptions={openOptions}
      />
    </PopupFrame>
  );
}
