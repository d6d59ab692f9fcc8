import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { store } from '../state/store.ts';

const DialogStack = lazy(() => import('./dialog-stack.tsx'));

/** Shows the store's dialogs; the dialog code loads when the first one opens. */
export function DialogHost() {
  const { stack } = useSnapshot(store.dialogs);
  if (stack.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <DialogStack />
    </Suspense>
  );
}
