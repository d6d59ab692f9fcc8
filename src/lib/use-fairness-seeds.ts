/**
 * The player's provably fair seeds (docs/fairness.md) for the Fairness panel of a game and for
 * recall: the state (hash of the server seed in use, client seed, next nonce), changing the
 * client seed, and rotating the server seed (which reveals the one in use; the server refuses
 * while a round is open and its message is kept for the page to show). Every commitment shown is
 * kept in the browser's commitment store; a player without a client seed gets one made here.
 */
import { useEffect, useState } from 'react';
import {
  CLIENT_SEED_PATTERN,
  FairnessStateSchema,
  GAMES_API_PATHS,
  RotateSeedResponseSchema,
  type FairnessState,
} from '../contract/games.ts';
import { api, isApiError, type ApiError } from './api-client.ts';
import { ensureClientSeed, keepShownCommitment } from './fair-client-seed.ts';
import { useApiGet } from './swr.tsx';

export const CLIENT_SEED_RULE = 'Use 1 to 64 letters, digits, - or _.';

const errorMessage = (e: unknown): string =>
  isApiError(e) ? e.message : 'Something went wrong. Please try again.';

export interface FairnessSeeds {
  state: FairnessState | undefined;
  loadError: ApiError | undefined;
  busy: 'seed' | 'rotate' | null;
  seedError: string | null;
  rotateError: string | null;
  /** The server seed the last rotation revealed, or null. */
  revealedSeed: string | null;
  /** Sets the client seed; false when it was refused (seedError says why). */
  changeClientSeed: (clientSeed: string) => Promise<boolean>;
  /** Rotates the server seed; `onRotated` runs after (to reload rounds whose seed is now revealed). */
  rotate: (onRotated?: () => Promise<unknown>) => Promise<void>;
}

export function useFairnessSeeds(): FairnessSeeds {
  const fairness = useApiGet(GAMES_API_PATHS.fairness, FairnessStateSchema, { handleErrors: false });
  const [busy, setBusy] = useState<'seed' | 'rotate' | null>(null);
  const [seedError, setSeedError] = useState<string | null>(null);
  const [rotateError, setRotateError] = useState<string | null>(null);
  const [revealedSeed, setRevealedSeed] = useState<string | null>(null);
  const shownHash = fairness.data?.server_seed_hash;
  const noClientSeed = fairness.data !== undefined && fairness.data.client_seed === null;
  const { mutate } = fairness;

  // Every commitment shown here is kept in this browser (Verify checks revealed seeds against it).
  useEffect(() => {
    if (shownHash) void keepShownCommitment({ server_seed_hash: shownHash });
  }, [shownHash]);
  // No client seed yet: the browser makes one and sends it (the server never picks it).
  useEffect(() => {
    if (!noClientSeed) return;
    ensureClientSeed().then(
      (state) => mutate(state, { revalidate: false }),
      () => undefined,
    );
  }, [noClientSeed, mutate]);

  async function changeClientSeed(clientSeed: string): Promise<boolean> {
    if (!CLIENT_SEED_PATTERN.test(clientSeed)) {
      setSeedError(CLIENT_SEED_RULE);
      return false;
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
      return true;
    } catch (e) {
      setSeedError(errorMessage(e));
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function rotate(onRotated?: () => Promise<unknown>): Promise<void> {
    setBusy('rotate');
    setRotateError(null);
    try {
      // One key per press: a retry of the same press cannot rotate twice.
      const answer = await api.post(GAMES_API_PATHS.fairnessRotate, {}, RotateSeedResponseSchema, {
        handleErrors: false,
        idempotencyKey: `rotate-${crypto.randomUUID()}`,
      });
      setRevealedSeed(answer.previous.server_seed);
      await fairness.mutate(answer.current, { revalidate: false });
      await onRotated?.();
    } catch (e) {
      setRotateError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  return {
    state: fairness.data,
    loadError: fairness.error,
    busy,
    seedError,
    rotateError,
    revealedSeed,
    changeClientSeed,
    rotate,
  };
}
