/** One console action at a time per section: busy state, the result line and the error line. */
import { useCallback, useState } from 'react';
import { OperatorApiError } from './operator-api.ts';

export interface OperatorAction {
  busy: boolean;
  result: string;
  error: string | null;
  /** Runs `job`; its answer's text becomes the result line; an error its message. Answers true on success. */
  run: (job: () => Promise<string>) => Promise<boolean>;
}

export function useOperatorAction(onSignedOut: () => void): OperatorAction {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (job: () => Promise<string>) => {
      setBusy(true);
      setError(null);
      setResult('');
      try {
        setResult(await job());
        return true;
      } catch (e) {
        if (e instanceof OperatorApiError && e.status === 401) onSignedOut();
        setError(e instanceof OperatorApiError ? `${e.message} (${e.code})` : 'Something went wrong.');
        return false;
      } finally {
        setBusy(false);
      }
    },
    [onSignedOut],
  );
  return { busy, result, error, run };
}
