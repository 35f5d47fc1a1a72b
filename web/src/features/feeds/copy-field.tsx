import { Copy } from 'lucide-react';
import { canWriteClipboard, copyToClipboard } from '../../lib/clipboard.ts';
import { useId } from 'react';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';

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
  const canCopy = canWriteClipboard();
  const copy = () => copyToClipboard(value, { copied, failed: 'It could not be copied.' });

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
