import { clsx } from 'clsx';
import { formatDay, formatDayAndTime } from '../../lib/dates.ts';
import { canWriteClipboard, copyToClipboard } from '../../lib/clipboard.ts';
import { Copy, KeyRound } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import {
  API_TOKEN_NAME_MAX,
  type ApiToken,
  type ApiTokenScope,
} from '../../../../contract/api-tokens.ts';
import { ApiError } from '../../lib/api-client.ts';
import { logError } from '../../lib/log.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Field } from '../../ui/field.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { controlClasses, Input } from '../../ui/input.tsx';
import { notify } from '../../ui/notify.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { failureNotice } from '../bookmarks-io/failure-notice.ts';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './api-tokens.queries.ts';

const SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read only',
  write: 'Read and write',
};

/** The instant a token chosen to expire on `day` (`YYYY-MM-DD`) stops: the end of that local day. */
function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59.999`).toISOString();
}

/** Today as a date input's value (`YYYY-MM-DD`, local). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The Access tokens section of My Account (PRODUCT.md#access-tokens): the user's personal access
 * tokens with when each was made, last used and expires; a form to make one, whose token is then
 * shown this once with a Copy button; Revoke, asked once more.
 */
export function AccessTokensSection() {
  const id = useId();
  const tokens = useApiTokens();
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  return (
    <Card aria-labelledby={`${id}-heading`} className="p-5 sm:p-6">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-base font-semibold">
        <KeyRound aria-hidden className="size-4 text-fg-muted" />
        Access tokens
      </h2>
      <p className="mt-1.5 text-sm text-fg-muted">
        Let scripts and browser extensions use Nestmark as you, with{' '}
        <code className="text-xs">Authorization: Bearer nm_…</code>. A read-only token can only
        look; neither kind can manage tokens, users, passwords or email addresses. See the{' '}
        <a href="/api/docs" className="font-medium text-accent-text underline">
          API documentation
        </a>
        .
      </p>
      {created && <NewTokenPanel created={created} onDone={() => setCreated(null)} />}
      <NewTokenForm onCreated={setCreated} />
      <h3 className="mt-6 text-sm font-semibold">Your tokens</h3>
      {tokens.isPending ? (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-fg-muted">
          <Spinner className="size-4" /> Loading tokens…
        </p>
      ) : tokens.isError ? (
        <p className="mt-3 text-sm text-danger-text">
          The tokens could not be loaded. Check your connection and reload.
        </p>
      ) : tokens.data.length === 0 ? (
        <p className="mt-3 text-sm text-fg-muted">No access tokens yet.</p>
      ) : (
        <ul aria-label="Access tokens" className="mt-2 divide-y divide-line">
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The token just made, with Copy, and the warning that it is never shown again. */
function NewTokenPanel({
  created,
  onDone,
}: {
  created: { name: string; token: string };
  onDone: () => void;
}) {
  const id = useId();
  const canCopy = canWriteClipboard();
  const copy = () =>
    copyToClipboard(created.token, {
      copied: 'The token is on your clipboard.',
      failed: 'The token could not be copied.',
    });

  return (
    <div
      role="region"
      aria-labelledby={`${id}-title`}
      className="mt-5 flex flex-col gap-3 rounded-xl border border-accent/40 bg-accent-soft p-4"
    >
      <p id={`${id}-title`} className="text-sm font-semibold">
        New token “{created.name}”
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          aria-label="New access token"
          value={created.token}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
          className="min-w-0 font-mono text-xs sm:flex-1"
        />
        <div className="flex gap-2">
          {canCopy && (
            <Button type="button" variant="primary" onClick={() => void copy()}>
              <Copy aria-hidden />
              Copy
            </Button>
          )}
          <Button type="button" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
      <p className="text-sm text-fg">
        Copy it now: it won’t be shown again. Anyone who has it can use your account within its
        scope, so keep it as you would a password.
      </p>
    </div>
  );
}

/** Name, scope and an optional expiry date; the server's field errors shown beside each field. */
function NewTokenForm({
  onCreated,
}: {
  onCreated: (created: { name: string; token: string }) => void;
}) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const create = useCreateApiToken();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      const token = await create.mutateAsync({
        name,
        scope,
        expires_at: expires ? endOfDay(expires) : null,
      });
      onCreated({ name: token.name, token: token.token });
      setName('');
      setExpires('');
    } catch (failure) {
      logError('creating an access token failed', failure);
      setError(
        failure instanceof ApiError
          ? failure
          : new ApiError(0, 'NETWORK', 'The server could not be reached.'),
      );
    }
  }

  const fieldError = (field: string) => error?.fields[field]?.[0];
  const generalError = error && Object.keys(error.fields).length === 0 ? error.message : null;
  return (
    <form
      aria-label="New access token"
      onSubmit={(event) => void submit(event)}
      className="mt-5 flex flex-col gap-4"
    >
      {generalError && <FormAlert>{generalError}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem_11rem]">
        <TextField
          label="Name"
          value={name}
          onChange={setName}
          error={fieldError('name')}
          placeholder="e.g. Browser extension"
          maxLength={API_TOKEN_NAME_MAX}
          required
        />
        <Field label="Scope" error={fieldError('scope')}>
          {(control) => (
            <select
              id={control.id}
              aria-describedby={control.describedBy}
              value={scope}
              onChange={(event) => setScope(event.target.value as ApiTokenScope)}
              className={clsx(controlClasses, 'h-10')}
            >
              <option value="read">{SCOPE_LABELS.read}</option>
              <option value="write">{SCOPE_LABELS.write}</option>
            </select>
          )}
        </Field>
        <TextField
          label="Expires (optional)"
          type="date"
          value={expires}
          onChange={setExpires}
          min={today()}
          error={fieldError('expires_at')}
        />
      </div>
      <div>
        <Button type="submit" variant="primary" busy={create.isPending}>
          Create token
        </Button>
      </div>
    </form>
  );
}

/** One token: its name and scope, its dates, and Revoke (asked once more). */
function TokenRow({ token }: { token: ApiToken }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeApiToken();

  async function confirm() {
    try {
      await revoke.mutateAsync(token.id);
      notify({
        type: 'deletion',
        title: 'Token revoked',
        description: `“${token.name}” no longer works.`,
      });
    } catch (error) {
      logError('revoking an access token failed', error);
      notify(failureNotice(error));
      setConfirming(false);
    }
  }

  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate text-sm font-medium">{token.name}</span>
          <span className="rounded-full border border-line-strong px-2 py-0.5 text-xs text-fg-muted">
            {SCOPE_LABELS[token.scope]}
          </span>
        </p>
        <p className="mt-0.5 text-xs text-fg-muted">
          Created {formatDay(token.created_at)} · Last used{' '}
          {token.last_used_at ? formatDayAndTime(token.last_used_at) : 'never'} ·{' '}
          {token.expires_at ? `Expires ${formatDay(token.expires_at)}` : 'Never expires'}
        </p>
      </div>
      {confirming ? (
        <div className="flex shrink-0 gap-2">
          <Button
            size="sm"
            variant="danger"
            busy={revoke.isPending}
            onClick={() => void confirm()}
            autoFocus
          >
            Yes, revoke “{token.name}”
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button
          size="sm"
          variant="danger-outline"
          className="shrink-0 self-start sm:self-auto"
          onClick={() => setConfirming(true)}
          aria-label={`Revoke ${token.name}`}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}
