/** A list the console reads from the operator API, reloaded on demand (after an action, or by Refresh). */
import { useCallback, useEffect, useState } from 'react';
import { OperatorApiError, operatorApi } from './operator-api.ts';

export interface OperatorList<T> {
  rows: T[] | null;
  error: string | null;
  reload: () => void;
}

export function useOperatorList<T>(path: string, onSignedOut: () => void): OperatorList<T> {
  const [rows, setRows] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    operatorApi.get<{ results: T[] }>(path).then(
      (answer) => {
        if (!live) return;
        setRows(answer.results);
        setError(null);
      },
      (e: unknown) => {
        if (!live) return;
        if (e instanceof OperatorApiError && e.status === 401) onSignedOut();
        setError(e instanceof OperatorApiError ? e.message : 'Could not load the list.');
      },
    );
    return () => {
      live = false;
    };
  }, [path, version, onSignedOut]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { rows, error, reload };
}
