/**
 * Renders the top dialog of the store's stack (only one is interactive at a time; the rest
 * wait underneath). Loaded only once a dialog opens, keeping floating-ui out of the entry.
 */
import { Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { store } from '../state/store.ts';
import { closeDialog } from '../state/dialog-actions.ts';
import { dialogComponentFor } from '../ui/dialog-registry.ts';
import './dialogs/catalogue-dialogs.tsx';
import './dialogs/pwa-dialogs.tsx';

export default function DialogStack() {
  const { stack } = useSnapshot(store.dialogs);
  const top = stack[stack.length - 1];
  if (!top) return null;
  const Component = dialogComponentFor(top.kind);
  if (!Component) {
    // A kind whose feature is not loaded yet: drop it rather than block the screen.
    queueMicrotask(() => closeDialog(top.id, { unavailable: true }));
    return null;
  }
  return (
    // Lazily registered dialogs load on first open; nothing shows until they arrive.
    <Suspense fallback={null}>
      <Component
        key={top.id}
        id={top.id}
        props={{ ...top.props }}
        close={(result) => closeDialog(top.id, result)}
      />
    </Suspense>
  );
}
