/**
 * The server-seed commitments this browser was shown (docs/fairness.md, "What your browser keeps"),
 * per player, in IndexedDB (database "lucky-crown-fairness", one record per player id). Two lists:
 *
 * - every commitment (SHA-256 of a server seed) the app was shown — the Fairness panel, recall,
 *   the state fetched before the first round — with when it was first seen;
 * - for each round played in this browser, the commitment its start answer carried, and whether
 *   that commitment had been shown before the round (a seed rotated on another device had not).
 *
 * Verify checks a revealed seed against what is kept here, not against what the server answers
 * now: a server that swapped a round's seed afterwards, and its hash with it, is caught. Only
 * hashes, nonces and round ids are kept (nothing secret); the lists are bounded (the oldest go
 * first) and kept across sign-out, since they are the player's evidence.
 */
import { createStore, get, update, type UseStore } from 'idb-keyval';
import { array, boolean, integer, is, literal, number, pattern, string, type, type Infer } from 'superstruct';

export const MAX_KEPT_COMMITMENTS = 200;
export const MAX_KEPT_ROUNDS = 1000;

const Hash = pattern(string(), /^[0-9a-f]{64}$/);

const KeptRecordSchema = type({
  v: literal(1),
  commitments: array(type({ hash: Hash, seenAt: number() })),
  rounds: array(type({ id: string(), hash: Hash, nonce: integer(), shownBefore: boolean() })),
});
export type KeptRecord = Infer<typeof KeptRecordSchema>;

export const emptyKeptRecord = (): KeptRecord => ({ v: 1, commitments: [], rounds: [] });

const isHash = (hash: string): boolean => is(hash, Hash);

/** The record with `hash` kept (once, first sighting kept), the oldest dropped past the bound. */
export function withCommitment(record: KeptRecord, hash: string, seenAt: number): KeptRecord {
  if (!isHash(hash) || record.commitments.some((c) => c.hash === hash)) return record;
  const commitments = [...record.commitments, { hash, seenAt }].slice(-MAX_KEPT_COMMITMENTS);
  return { ...record, commitments };
}

/**
 * The record with round `id` bound to the commitment its first answer carried. The first binding
 * stands: a later answer about the same round cannot move it to another commitment.
 */
export function withRound(
  record: KeptRecord,
  round: { id: string; server_seed_hash: string; nonce: number },
): KeptRecord {
  if (!isHash(round.server_seed_hash) || record.rounds.some((r) => r.id === round.id)) return record;
  const shownBefore = record.commitments.some((c) => c.hash === round.server_seed_hash);
  const rounds = [
    ...record.rounds,
    { id: round.id, hash: round.server_seed_hash, nonce: round.nonce, shownBefore },
  ].slice(-MAX_KEPT_ROUNDS);
  return { ...record, rounds };
}

/** What this browser kept about one round's commitment, for Verify. */
export type KeptEvidence =
  /** The commitment this browser was shown for the round before it was played. */
  | { kind: 'kept'; hash: string }
  /**
   * Played in this browser, but under a commitment it had not been shown before (the seed was
   * rotated elsewhere in between): the round's hash is the one its start answer carried.
   */
  | { kind: 'unannounced'; hash: string }
  /** Nothing kept for this round (played on another device, or this browser's data was cleared). */
  | { kind: 'none' };

/**
 * The kept commitment of a recalled round: its binding when it was played here; else, when the
 * commitment the server now reports is one this browser was shown, that one (a round played on
 * another device under a seed seen here); else none.
 */
export function keptEvidenceFor(
  record: KeptRecord,
  round: { id: string; server_seed_hash: string },
): KeptEvidence {
  const bound = record.rounds.find((r) => r.id === round.id);
  if (bound)
    return bound.shownBefore ? { kind: 'kept', hash: bound.hash } : { kind: 'unannounced', hash: bound.hash };
  if (record.commitments.some((c) => c.hash === round.server_seed_hash))
    return { kind: 'kept', hash: round.server_seed_hash };
  return { kind: 'none' };
}

/** The id a daily-bonus spin is kept under (and verified as): one spin per Eastern day. */
export const spinRoundId = (spin: { et_day: string }): string => `daily-bonus-${spin.et_day}`;

// ------------------------------------------------------------------------------------ storage

/** Who is signed in (src/state/connect-lib.ts gives it at start): the record kept is theirs. */
export { configureFairnessPlayer, currentPlayerId } from './fair-player.ts';

let idbStore: UseStore | null = null;
function keptStore(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  idbStore ??= createStore('lucky-crown-fairness', 'commitments');
  return idbStore;
}

const asRecord = (raw: unknown): KeptRecord => (is(raw, KeptRecordSchema) ? raw : emptyKeptRecord());

/** The player's kept record (empty when none, unreadable or malformed). */
export async function readKept(userId: string): Promise<KeptRecord> {
  const db = keptStore();
  if (!db) return emptyKeptRecord();
  try {
    return asRecord(await get(userId, db));
  } catch {
    return emptyKeptRecord();
  }
}

async function change(userId: string, fn: (record: KeptRecord) => KeptRecord): Promise<void> {
  const db = keptStore();
  if (!db) return;
  try {
    // One read-write transaction: two tabs keeping at once cannot lose each other's entries.
    await update(userId, (raw: unknown) => fn(asRecord(raw)), db);
  } catch {
    // Quota or private mode: play goes on; Verify then says this browser kept nothing.
  }
}

/** Keeps a commitment the app was shown. */
export const keepCommitment = (userId: string, hash: string, seenAt = Date.now()): Promise<void> =>
  change(userId, (r) => withCommitment(r, hash, seenAt));

/** Binds a round played here to the commitment its answer carried. */
export const keepRound = (
  userId: string,
  round: { id: string; server_seed_hash: string; nonce: number },
): Promise<void> => change(userId, (r) => withRound(r, round));
