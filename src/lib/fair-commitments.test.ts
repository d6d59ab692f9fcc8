import { createStore, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import {
  emptyKeptRecord,
  keepCommitment,
  keepRound,
  keptEvidenceFor,
  MAX_KEPT_COMMITMENTS,
  MAX_KEPT_ROUNDS,
  readKept,
  withCommitment,
  withRound,
} from './fair-commitments.ts';

const hash = (n: number): string => n.toString(16).padStart(64, '0');
let players = 0;
const newPlayerId = (): string => `player-${++players}-${Math.random().toString(36).slice(2)}`;

describe('kept commitments (pure)', () => {
  it('keeps each commitment once, with its first sighting, and drops the oldest past the bound', () => {
    let record = withCommitment(emptyKeptRecord(), hash(1), 10);
    record = withCommitment(record, hash(1), 20);
    expect(record.commitments).toEqual([{ hash: hash(1), seenAt: 10 }]);
    for (let i = 2; i <= MAX_KEPT_COMMITMENTS + 5; i++) record = withCommitment(record, hash(i), i);
    expect(record.commitments).toHaveLength(MAX_KEPT_COMMITMENTS);
    expect(record.commitments[0]?.hash).toBe(hash(6));
    expect(record.commitments.at(-1)?.hash).toBe(hash(MAX_KEPT_COMMITMENTS + 5));
  });

  it('ignores anything that is not a SHA-256 in hex', () => {
    expect(withCommitment(emptyKeptRecord(), 'not-a-hash', 1).commitments).toEqual([]);
    expect(withRound(emptyKeptRecord(), { id: 'r', server_seed_hash: 'XYZ', nonce: 0 }).rounds).toEqual([]);
  });

  it('binds a round to the commitment of its first answer; a later answer cannot move it', () => {
    let record = withCommitment(emptyKeptRecord(), hash(1), 1);
    record = withRound(record, { id: 'r1', server_seed_hash: hash(1), nonce: 0 });
    record = withRound(record, { id: 'r1', server_seed_hash: hash(2), nonce: 0 });
    expect(record.rounds).toEqual([{ id: 'r1', hash: hash(1), nonce: 0, shownBefore: true }]);
    // A round under a commitment never shown before it is kept as such.
    record = withRound(record, { id: 'r2', server_seed_hash: hash(3), nonce: 0 });
    expect(record.rounds[1]).toEqual({ id: 'r2', hash: hash(3), nonce: 0, shownBefore: false });
  });

  it('bounds the rounds too, the oldest going first', () => {
    let record = emptyKeptRecord();
    for (let i = 0; i < MAX_KEPT_ROUNDS + 3; i++)
      record = withRound(record, { id: `r${i}`, server_seed_hash: hash(1), nonce: i });
    expect(record.rounds).toHaveLength(MAX_KEPT_ROUNDS);
    expect(record.rounds[0]?.id).toBe('r3');
  });

  it('finds the evidence for a recalled round: its binding, else a commitment seen here, else none', () => {
    let record = withCommitment(emptyKeptRecord(), hash(1), 1);
    record = withRound(record, { id: 'played-here', server_seed_hash: hash(1), nonce: 4 });
    record = withRound(record, { id: 'rotated-elsewhere', server_seed_hash: hash(9), nonce: 0 });
    // The binding wins over whatever the server reports now.
    expect(keptEvidenceFor(record, { id: 'played-here', server_seed_hash: hash(2) })).toEqual({
      kind: 'kept',
      hash: hash(1),
    });
    expect(keptEvidenceFor(record, { id: 'rotated-elsewhere', server_seed_hash: hash(9) })).toEqual({
      kind: 'unannounced',
      hash: hash(9),
    });
    expect(keptEvidenceFor(record, { id: 'other-device', server_seed_hash: hash(1) })).toEqual({
      kind: 'kept',
      hash: hash(1),
    });
    expect(keptEvidenceFor(record, { id: 'other-device', server_seed_hash: hash(5) })).toEqual({
      kind: 'none',
    });
  });
});

describe('kept commitments (IndexedDB, per player)', () => {
  it('keeps and reads back per player', async () => {
    const a = newPlayerId();
    const b = newPlayerId();
    await keepCommitment(a, hash(1), 100);
    await keepRound(a, { id: 'round-a', server_seed_hash: hash(1), nonce: 0 });
    await keepCommitment(b, hash(2), 200);
    expect(await readKept(a)).toEqual({
      v: 1,
      commitments: [{ hash: hash(1), seenAt: 100 }],
      rounds: [{ id: 'round-a', hash: hash(1), nonce: 0, shownBefore: true }],
    });
    expect((await readKept(b)).commitments).toEqual([{ hash: hash(2), seenAt: 200 }]);
    expect(await readKept(newPlayerId())).toEqual(emptyKeptRecord());
  });

  it('loses nothing when many entries are kept at once', async () => {
    const a = newPlayerId();
    await Promise.all(Array.from({ length: 20 }, (_, i) => keepCommitment(a, hash(i + 1), i)));
    expect((await readKept(a)).commitments).toHaveLength(20);
  });

  it('treats a malformed stored record as empty, and replaces it on the next keep', async () => {
    const a = newPlayerId();
    await set(a, { v: 1, commitments: 'oops' }, createStore('lucky-crown-fairness', 'commitments'));
    expect(await readKept(a)).toEqual(emptyKeptRecord());
    await keepCommitment(a, hash(7), 1);
    expect((await readKept(a)).commitments).toEqual([{ hash: hash(7), seenAt: 1 }]);
  });
});
