/**
 * The "Fairness" button beside a house game. The dialog behind it (seeds, nonce, rotation and
 * the game's last rounds with Verify) loads only when the player opens it, so neither it nor the
 * verifier weighs on the game page's first load.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../ui/button.tsx';

const FairnessDialog = lazy(() => import('./fairness-dialog.tsx'));

export function FairnessPanel({ gameId, gameName }: { gameId: string; gameName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Fairness
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <FairnessDialog gameId={gameId} gameName={gameName} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
