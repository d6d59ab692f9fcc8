/**
 * The fairness panel of a house game (docs/fairness.md): the hash of the server seed in use,
 * the client seed (the player may change it), the nonce of the next round, seed rotation (which
 * reveals the seed in use; the server refuses it while a round is open and says why), and the
 * game's last rounds, each with "Verify": replayed from its revealed seed in the browser.
 */
import { useId } from 'react';
import { css } from '@linaria/core';
import { GAMES_API_PATHS, RecallResponseSchema, type RecalledRound } from '../../../contract/games.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { FairnessSeedsSection } from '../../../lib/fairness-seeds-section.tsx';
import { useFairnessSeeds } from '../../../lib/use-fairness-seeds.ts';
import { formatCoins } from '../../../contract/money.ts';
import { useApiGet } from '../../../lib/swr.tsx';
import { useRoundVerification } from '../../../lib/use-round-verification.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';

const section = css`
  margin-top: var(--space-4);
  h3 {
    margin: 0 0 var(--space-2);
    font-size: 1.05rem;
  }
`;
const rounds = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: var(--space-2);
`;
const roundItem = css`
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  padding: var(--space-2) var(--space-3);
  display: grid;
  gap: var(--space-1);
`;
const roundLine = css`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: var(--space-2);
`;
const resultText = css`
  margin: 0;
  /* A mismatch names the 64-digit hashes: they wrap at 360 px. */
  overflow-wrap: anywhere;
  font-weight: 600;
`;
const errorMessage = (e: unknown): string =>
  isApiError(e) ? e.message : 'Something went wrong. Please try again.';

function RoundRow({
  round,
  verify,
  result,
  reloading,
}: {
  round: RecalledRound;
  verify: (round: RecalledRound) => Promise<void>;
  result: { busy: boolean; text: string } | undefined;
  /** The rounds are being reloaded after a rotation: this row's seed may be revealed in a moment. */
  reloading: boolean;
}) {
  const resultId = useId();
  return (
    <li className={roundItem}>
      <div className={roundLine}>
        <span>
          <time dateTime={round.created_at}>{new Date(round.created_at).toLocaleString()}</time> · nonce{' '}
          {round.nonce}
        </span>
        <Button
          variant="secondary"
          aria-describedby={resultId}
          disabled={result?.busy || reloading}
          onClick={() => void verify(round)}
        >
          Verify
        </Button>
      </div>
      <span>
        Bet {formatCoins(round.currency, round.bet)} · Win {formatCoins(round.currency, round.win)}
        {round.status === 'open' ? ' · in progress' : ''}
      </span>
      <p id={resultId} role="status" className={resultText}>
        {result?.busy ? 'Verifying…' : (result?.text ?? '')}
      </p>
    </li>
  );
}

export default function FairnessDialog({
  gameId,
  gameName,
  onClose,
}: {
  gameId: string;
  gameName: string;
  onClose: () => void;
}) {
  const seeds = useFairnessSeeds();
  const recent = useApiGet(GAMES_API_PATHS.recentRounds(gameId), RecallResponseSchema, {
    handleErrors: false,
  });
  const { results, verify } = useRoundVerification();

  const list = recent.data?.results.filter((r) => r.game_id === gameId) ?? [];

  return (
    <Dialog open onClose={onClose} title="Fairness" testId="fairness-dialog">
      <p>
        Every round of {gameName} is decided on our server from your seeds. Rotate the seed to reveal the one
        in use, then verify any of its rounds here.
      </p>
      <FairnessSeedsSection seeds={seeds} onRotated={() => recent.mutate()} />

      <section className={section} aria-labelledby="fairness-rounds-title">
        <h3 id="fairness-rounds-title">Last rounds</h3>
        {recent.error ? <FormError message={errorMessage(recent.error)} /> : null}
        {recent.data && list.length === 0 ? <p>No rounds of this game yet.</p> : null}
        <ul className={rounds}>
          {list.map((round) => (
            <RoundRow
              key={round.id}
              round={round}
              verify={verify}
              result={results[round.id]}
              reloading={seeds.busy === 'rotate'}
            />
          ))}
        </ul>
      </section>
    </Dialog>
  );
}
