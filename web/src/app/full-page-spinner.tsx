import { Spinner } from '../ui/spinner.tsx';
import { Logo } from './logo.tsx';

/** The first screen while the signed-in user is being checked (route guard). */
export function FullPageSpinner() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-5">
      <Logo className="size-10" />
      <Spinner label="Loading Nestmark" className="size-5 text-fg-subtle" />
    </div>
  );
}
