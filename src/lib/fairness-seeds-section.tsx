/**
 * The seeds part of the Fairness panel, shown in a game's panel and on recall: the hash of the
 * server seed in use, the client seed (editable, "Change client seed"), the next nonce, and
 * "Rotate seed" with the seed it revealed or the server's refusal.
 */
import { useState, type FormEvent } from 'react';
import { css } from '@linaria/core';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/form-error.tsx';
import { TextField } from '../ui/text-field.tsx';
import type { FairnessSeeds } from './use-fairness-seeds.ts';

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
const rotateBlock = css`
  margin-top: var(--space-4);
`;
const revealed = css`
  margin: 0 0 var(--space-3);
  overflow-wrap: anywhere;
`;

export function FairnessSeedsSection({
  seeds,
  onRotated,
}: {
  seeds: FairnessSeeds;
  /** Runs after a rotation (reload the rounds whose seed is now revealed). */
  onRotated?: () => Promise<unknown>;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const { state } = seeds;
  const clientSeed = draft ?? state?.client_seed ?? '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await seeds.changeClientSeed(clientSeed)) setDraft(null);
  }

  return (
    <>
      {seeds.loadError ? <FormError message={seeds.loadError.message} /> : null}
      {state ? (
        <dl className={facts}>
          <dt>Server seed hash</dt>
          <dd data-testid="server-seed-hash">{state.server_seed_hash}</dd>
          <dt>Client seed</dt>
          <dd>{state.client_seed ?? 'None yet: your browser makes one before your first round.'}</dd>
          <dt>Next nonce</dt>
          <dd data-testid="next-nonce">{state.next_nonce}</dd>
        </dl>
      ) : !seeds.loadError ? (
        <p>Loading…</p>
      ) : null}

      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Client seed"
          name="client_seed"
          value={clientSeed}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          error={seeds.seedError}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          loading={seeds.busy === 'seed'}
          disabled={seeds.busy !== null || !state}
        >
          Change client seed
        </Button>
      </form>

      <div className={rotateBlock}>
        {seeds.revealedSeed ? (
          <p className={revealed} role="status">
            Seed revealed: <code>{seeds.revealedSeed}</code>
          </p>
        ) : null}
        <FormError message={seeds.rotateError} />
        <Button
          variant="secondary"
          loading={seeds.busy === 'rotate'}
          disabled={seeds.busy !== null || !state}
          onClick={() => void seeds.rotate(onRotated)}
        >
          Rotate seed
        </Button>
      </div>
    </>
  );
}
