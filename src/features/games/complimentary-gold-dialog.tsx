/**
 * The complimentary Gold Coins dialog (spec section 4: result {accepted}). It offers the award the
 * server announced, accepts it (the header counts up to the new Gold) and closes with
 * {accepted: true}; declining closes with {accepted: false}. A refusal at accept time (the day's
 * awards used meanwhile, Gold no longer short) is shown in the dialog.
 */
import { useState } from 'react';
import { css } from '@linaria/core';
import { useSnapshot } from 'valtio';
import { COMPLIMENTARY_GOLD_TEXTS } from '../../contract/complimentary-gold.ts';
import { isApiError } from '../../lib/api-client.ts';
import { outcomeUnknown } from '../../lib/pending-actions.ts';
import { acceptComplimentaryGold } from '../../state/complimentary-gold-actions.ts';
import { store } from '../../state/store.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';
import { sendOnce } from '../../state/player-actions.ts';

const rules = css`
  font-size: 0.85rem;
  color: var(--color-text-muted);
`;

const wholeNumber = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

const LOST_ANSWER = 'We did not hear back from our servers. Press Accept again: the Gold is credited once.';

export function ComplimentaryGoldDialog({ props, close }: DialogComponentProps) {
  const gameId = typeof props.gameId === 'string' ? props.gameId : '';
  const award = wholeNumber(props.award);
  const goldCoinsBetValue = wholeNumber(props.goldCoinsBetValue);
  const target = wholeNumber(props.target);
  const { current } = useSnapshot(store.balances);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A refusal is final (Accept goes); a lost answer is not: Accept sends the same request again.
  const [final, setFinal] = useState(false);

  async function accept() {
    if (busy || !current) return;
    setBusy(true);
    setProblem(null);
    try {
      // One key per offer until its outcome is known, kept across reloads (state/player-actions.ts):
      // Accept pressed again after a lost answer repeats the same request, never a second award;
      // an offer on another day is another action.
      const balances = { ...current };
      await sendOnce(
        `complimentary-gold:${gameId}:${new Date().toISOString().slice(0, 10)}`,
        { gameId, goldCoinsBetValue },
        (idempotencyKey, sent) =>
          acceptComplimentaryGold({ ...sent, currentBalances: balances, idempotencyKey }),
      );
      close({ accepted: true });
    } catch (error) {
      setBusy(false);
      const unknown = !isApiError(error) || outcomeUnknown(error);
      setFinal(!unknown);
      setProblem(unknown ? LOST_ANSWER : isApiError(error) ? error.message : COMPLIMENTARY_GOLD_TEXTS.failed);
    }
  }

  return (
    <Dialog
      open
      onClose={() => close({ accepted: false })}
      title={COMPLIMENTARY_GOLD_TEXTS.title}
      testId="dialog-complimentary-gold"
      actions={
        <>
          <Button variant="secondary" onClick={() => close({ accepted: false })} disabled={busy}>
            {COMPLIMENTARY_GOLD_TEXTS.decline}
          </Button>
          <Button onClick={() => void accept()} loading={busy} disabled={final}>
            {COMPLIMENTARY_GOLD_TEXTS.accept}
          </Button>
        </>
      }
    >
      <p>{COMPLIMENTARY_GOLD_TEXTS.offer(award)}</p>
      {target > 0 ? (
        <p className={rules} data-testid="complimentary-gold-rules">
          {COMPLIMENTARY_GOLD_TEXTS.rules(target)}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" data-testid="complimentary-gold-problem">
          {problem}
        </p>
      ) : null}
    </Dialog>
  );
}

export default ComplimentaryGoldDialog;
