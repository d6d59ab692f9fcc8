/**
 * The "Verify" action of the fairness panel and of recall: loads the verifier and the game's
 * engine only when the player asks (their own chunks, never in the app's first load; precached
 * by the service worker, so it works offline), reads the commitment this browser kept for the
 * round (fair-commitments.ts), replays the round and keeps one plain-words result per round id.
 */
import { useCallback, useState } from 'react';
import type { RecalledRound } from '../contract/games.ts';
import { currentPlayerId, keptEvidenceFor, readKept, type KeptEvidence } from './fair-commitments.ts';

export interface VerificationResult {
  busy: boolean;
  /** What the check found, in plain words (empty while busy). */
  text: string;
  /** True only for "Verified: same result". */
  verified: boolean;
}

export function useRoundVerification(): {
  results: Readonly<Record<string, VerificationResult>>;
  verify: (round: RecalledRound) => Promise<void>;
} {
  const [results, setResults] = useState<Record<string, VerificationResult>>({});
  const verify = useCallback(async (round: RecalledRound) => {
    const set = (result: VerificationResult) => setResults((all) => ({ ...all, [round.id]: result }));
    set({ busy: true, text: '', verified: false });
    try {
      const { describeOutcome, loadEngine, verifyRound } = await import('./verify-round.ts');
      const replayable = round.status === 'finished' && round.server_seed !== null;
      const engine = replayable ? await loadEngine(round.game_id) : null;
      const userId = currentPlayerId();
      const kept: KeptEvidence = userId ? keptEvidenceFor(await readKept(userId), round) : { kind: 'none' };
      const outcome = verifyRound(round, engine, kept);
      set({ busy: false, text: describeOutcome(outcome), verified: outcome.kind === 'verified' });
    } catch {
      set({
        busy: false,
        text: 'The verifier could not be loaded. Check your connection and try again.',
        verified: false,
      });
    }
  }, []);
  return { results, verify };
}
