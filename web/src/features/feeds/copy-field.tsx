import { Copy } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { notify } from '../../ui/notify.tsx';

/**
 * A read-only value (a feed URL, a token) with a Copy button where the clipboard can be written
 * (browsers leave `clipboard` out of pages not served securely); the text selects on focus.
 */
export function CopyField({
  label,
  value,
  copied,
}: {
  label: string;
  value: string;
  copied: string;
}) {
  const id = useId();
  const canCopy = 'clipboard' in navigator && typeof navigator.clipboard.writeText === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      notify({ type: 'success', title: 'Copied', description: copied });
    } catch {
      notify({ type: 'error', title: 'Error', description: 'It could not be copied.' });
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 font-mono"
        />
        {canCopy && (
          <Button onClick={() => void copy()} aria-label={`Copy ${label}`}>
            <Copy aria-hidden />
            <span className="max-sm:sr-only">Copy</span>
          </Button>
        )}
      </div>
    </div>
  );
}
