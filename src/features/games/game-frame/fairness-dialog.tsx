/**
 * The fairness panel of a house game (docs/fairness.md): the hash of the server seed in use,
 * the client seed (the player may change it), the nonce of the next round, seed rotation (which
 * reveals the seed in use; the server refuses it while a round is open and says why), and the
 * game's last rounds, each with "Verify": replayed from its revealed seed in the browser.
 */
import { useId, useState, type FormEvent } from 'react';
import { css } from '@linaria/core';
import {
  CLIENT_SEED_PATTERN,
  FairnessStateSchema,
  GAMES_API_PATHS,
  RecallResponseSchema,
  RotateSeedResponseSchema,
  type RecalledRound,
} from '../../../contract/games.ts';
import { api, isApiError } from '../../../lib/api-client.ts';
import { formatCoins } from '../../../lib/format.ts';
import { useApiGet } from '../../../lib/swr.tsx';
import { useRoundVerification } from '../../../lib/use-round-verification.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TextField } from '../../../ui/text-field.tsx';

const facts = css`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: var(--space-1) var(--space-3);
  margin: 0 0 var(--space-3);
  dt {
    color: var(--color-text-muted);
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    font-family: var(--font-mono, monospace);
  }
`;
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
  font-weight: 600;
`;
const revealed = css`
  margin: 0 0 var(--space-3);
  overflow-wrap: anywhere;
`;

const errorMessage = (e: unknown): string =>
  isApiError(e) ? e.message : 'Something went wrong. Please try again.';

function RoundRow({
  round,
  verify,
  result,
}: {
  round: RecalledRound;
  verify: (round: RecalledRound) => Promise<void>;
  result: { busy: boolean; text: string } | undefined;
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
          disabled={result?.busy}
          onClick={() => void verify(round)}
        >
          Verify
        </Button>
      </div>
      <span>
        Bet {formatCoins(round.bet, round.currency)} · Win {formatCoins(round.win, round.currency)}
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
  const fairness = useApiGet(GAMES_API_PATHS.fairness, FairnessStateSchema, { handleErrors: false });
  const recent = useApiGet(GAMES_API_PATHS.recentRounds(gameId), RecallResponseSchema, {
    handleErrors: false,
  });
  const { results, verify } = useRoundVerification();
  const [seedDraft, setSeedDraft] = useState<string | null>(null);
  const [seedError, setSeedError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'seed' | 'rotate' | null>(null);
  const [rotateError, setRotateError] = useState<string | null>(null);
  const [revealedSeed, setRevealedSeed] = useState<string | null>(null);

  const state = fairness.data;
  const clientSeed = seedDraft ?? state?.client_seed ?? '';

  async function changeClientSeed(event: FormEvent) {
    event.preventDefault();
    if (!CLIENT_SEED_PATTERN.test(clientSeed)) {
      setSeedError('Use 1 to 64 letters, digits, - or _.');
      return;
    }
    setBusy('seed');
    setSeedError(null);
    try {
      const next = await api.put(
        GAMES_API_PATHS.fairnessClientSeed,
        { client_seed: clientSeed },
        FairnessStateSchema,
        { handleErrors: false },
      );
      await fairness.mutate(next, { revalidate: false });
      setSeedDraft(null);
    } catch (e) {
      setSeedError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  async function rotate() {
    setBusy('rotate');
    setRotateError(null);
    try {
      const answer = await api.post(GAMES_API_PATHS.fairnessRotate, {}, RotateSeedResponseSchema, {
        handleErrors: false,
        idempotencyKey: `rotate-${crypto.randomUUID()}`,
      });
      setRevealedSeed(answer.previous.server_seed);
      await fairness.mutate(answer.current, { revalidate: false });
      // The rounds of the revealed seed can be verified now.
      await recent.mutate();
    } catch (e) {
      setRotateError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  const list = recent.data?.results.filter((r) => r.game_id === gameId) ?? [];

  return (
    <Dialog open onClose={onClose} title="Fairness" testId="fairness-dialog">
      <p>
        Every round of {gameName} is decided on our server from your seeds. Rotate the seed to reveal the one
        in use, then verify any of its rounds here.
      </p>
      {fairness.error ? <FormError message={errorMessage(fairness.error)} /> : null}
      {state ? (
        <dl className={facts}>
          <dt>Server seed hash</dt>
          <dd data-testid="server-seed-hash">{state.server_seed_hash}</dd>
          <dt>Client seed</dt>
          <dd>{state.client_seed}</dd>
          <dt>Next nonce</dt>
          <dd data-testid="next-nonce">{state.next_nonce}</dd>
        </dl>
      ) : !fairness.error ? (
        <p>Loading…</p>
      ) : null}

      <form onSubmit={(e) => void changeClientSeed(e)} noValidate>
        <TextField
          label="Client seed"
          name="client_seed"
          value={clientSeed}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          error={seedError}
          onChange={(e) => setSeedDraft(e.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          loading={busy === 'seed'}
          disabled={busy !== null || !state}
        >
          Change client seed
        </Button>
      </form>

      <div className={section}>
        {revealedSeed ? (
          <p className={revealed} role="status">
            Seed revealed: <code>{revealedSeed}</code>
          </p>
        ) : null}
        <FormError message={rotateError} />
        <Button
          variant="secondary"
          loading={busy === 'rotate'}
          disabled={busy !== null || !state}
          onClick={() => void rotate()}
        >
          Rotate seed
        </Button>
      </div>

      <section className={section} aria-labelledby="fairness-rounds-title">
        <h3 id="fairness-rounds-title">Last rounds</h3>
        {recent.error ? <FormError message={errorMessage(recent.error)} /> : null}
        {recent.data && list.length === 0 ? <p>No rounds of this game yet.</p> : null}
        <ul className={rounds}>
          {list.map((round) => (
            <RoundRow key={round.id} round={round} verify={verify} result={results[round.id]} />
          ))}
        </ul>
      </section>
    </Dialog>
  );
}
