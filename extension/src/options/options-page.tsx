import { useEffect, useState, type SubmitEvent } from 'react';
import { Logo } from '../../../web/src/app/logo.tsx';
import { Button } from '../../../web/src/ui/button.tsx';
import { FormAlert } from '../../../web/src/ui/form-alert.tsx';
import { TextField } from '../../../web/src/ui/text-field.tsx';
import { type ConnectionResult, requestServerPermission, testConnection } from '../connection.ts';
import { loadSettings, normalizeServerUrl, saveSettings } from '../settings.ts';

/**
 * The options page (PRODUCT.md#browser-extension): the Nestmark server's address and a personal
 * access token. Save asks the browser for the permission to reach that server, stores both and
 * tests them; Test connection tests what the fields hold without storing it.
 */
export function OptionsPage() {
  const [serverUrl, setServerUrl] = useState('');
  const [token, setToken] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState<'save' | 'test' | undefined>();
  const [urlError, setUrlError] = useState<string>();
  const [tokenError, setTokenError] = useState<string>();
  const [result, setResult] = useState<ConnectionResult>();

  useEffect(() => {
    void loadSettings().then((settings) => {
      if (settings) {
        setServerUrl(settings.serverUrl);
        setToken(settings.token);
      }
      setLoaded(true);
    });
  }, []);

  async function run(action: 'save' | 'test') {
    const url = normalizeServerUrl(serverUrl);
    setUrlError(
      url
        ? undefined
        : 'Enter the address of your Nestmark server, e.g. https://nestmark.example.org.',
    );
    setTokenError(token.trim() ? undefined : 'Enter an access token.');
    if (!url || !token.trim()) return;
    setResult(undefined);
    setBusy(action);
    try {
      // First, while the click is still being handled: browsers ask only during a user gesture.
      const allowed = await requestServerPermission(url);
      if (!allowed) {
        setResult({
          ok: false,
          message: `The extension needs your permission to reach ${url}. Try again and allow it.`,
        });
        return;
      }
      const settings = { serverUrl: url, token: token.trim() };
      if (action === 'save') {
        await saveSettings(settings);
        setServerUrl(url);
      }
      const tested = await testConnection(settings);
      setResult(
        action === 'save' && tested.ok ? { ok: true, message: `Saved. ${tested.message}` } : tested,
      );
    } finally {
      setBusy(undefined);
    }
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run('save');
  }

  return (
    <main className="mx-auto flex max-w-lg flex-col gap-6 px-4 py-10">
      <header className="flex items-center gap-3">
        <Logo className="size-9" />
        <div>
          <h1 className="text-xl font-semibold text-fg">Nestmark extension</h1>
          <p className="text-sm text-fg-muted">Save pages, links and selections to your server.</p>
        </div>
      </header>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-5 rounded-xl border border-line bg-surface p-6 shadow-sm"
      >
        <TextField
          label="Server address"
          type="url"
          value={serverUrl}
          onChange={setServerUrl}
          placeholder="https://nestmark.example.org"
          autoComplete="url"
          error={urlError}
          disabled={!loaded}
        />
        <TextField
          label="Access token"
          type="password"
          value={token}
          onChange={setToken}
          placeholder="nm_…"
          autoComplete="off"
          hint="Make one that may read and write in Nestmark: My Account → Access tokens."
          error={tokenError}
          disabled={!loaded}
        />
        {result && <FormAlert tone={result.ok ? 'success' : 'error'}>{result.message}</FormAlert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button onClick={() => void run('test')} busy={busy === 'test'} disabled={!!busy}>
            Test connection
          </Button>
          <Button type="submit" variant="primary" busy={busy === 'save'} disabled={!!busy}>
            Save
          </Button>
        </div>
      </form>
    </main>
  );
}
