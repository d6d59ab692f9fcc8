/**
 * The Sweeps hold notice (./sweeps-hold-notice.tsx) as the pages render it: its module (the words,
 * the state names, the identity buttons' labels) loads only when the player has a hold to be told
 * about, so it weighs on no page's first load. The notice is shown only to such players, so no
 * space is reserved for it; a module that cannot load (offline, not cached) shows nothing, and the
 * server still refuses what the hold forbids.
 */
import { lazy, Suspense } from 'react';
import type { SweepsHold } from '../contract/sweeps-hold.ts';

const SweepsHoldNotice = lazy(() =>
  import('./sweeps-hold-notice.tsx').then(
    (m) => ({ default: m.SweepsHoldNotice }),
    () => ({ default: () => null }),
  ),
);

export function LazySweepsHoldNotice({ hold, testId }: { hold: SweepsHold; testId?: string }) {
  // Gold-only mode shows no notice: nothing to load.
  if (hold.kind === 'gold_only') return null;
  return (
    <Suspense fallback={null}>
      <SweepsHoldNotice hold={hold} testId={testId} />
    </Suspense>
  );
}
