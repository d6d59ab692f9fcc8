import { describe, expect, it } from 'vitest';
import { EXCLUDED_STATES } from './constants.ts';
import {
  statesWithoutSweeps,
  SWEEPS_ELIGIBILITY_TEXTS,
  sweepsHoldOfUser,
  sweepsHoldText,
} from './sweeps-eligibility.ts';

describe('statesWithoutSweeps', () => {
  it('is the excluded states plus every state the operator lists', () => {
    const s = statesWithoutSweeps('["fl", "TX"]');
    for (const e of EXCLUDED_STATES) expect(s.has(e)).toBe(true);
    expect(s.has('FL')).toBe(true);
    expect(s.has('TX')).toBe(true);
    expect(s.has('IL')).toBe(false);
  });

  it('keeps the excluded states for an empty, missing or malformed value', () => {
    for (const v of ['[]', null, undefined, 'oops', '{"FL":1}', '[1,2]'])
      expect([...statesWithoutSweeps(v)].sort()).toEqual([...EXCLUDED_STATES].sort());
  });
});

describe('sweepsHoldOfUser', () => {
  const user = { sweeps_eligible: true, state_or_province: 'il', identity_state: 'none' as const };

  it('is null for an eligible player whose identity holds nothing', () => {
    expect(sweepsHoldOfUser(user)).toBeNull();
    expect(sweepsHoldOfUser({ ...user, identity_state: 'verified' })).toBeNull();
  });

  it('the state first (sweeps_eligible false), then the identity states that hold Sweeps play', () => {
    expect(sweepsHoldOfUser({ ...user, sweeps_eligible: false, identity_state: 'pending' })).toEqual({
      kind: 'state',
      state: 'IL',
    });
    for (const s of ['required', 'pending', 'rejected'] as const)
      expect(sweepsHoldOfUser({ ...user, identity_state: s })).toEqual({
        kind: 'identity',
        identityState: s,
      });
  });

  it('tells why and what to do: the state by name, verify, wait, contact support', () => {
    expect(sweepsHoldText({ kind: 'state', state: 'FL' })).toBe(
      'Sweeps Coins are not available to residents of Florida. You can still buy and play with Gold Coins.',
    );
    expect(sweepsHoldText({ kind: 'identity', identityState: 'required' })).toMatch(/^Verify your identity/);
    expect(sweepsHoldText({ kind: 'identity', identityState: 'pending' })).toMatch(/15 minutes/);
    expect(sweepsHoldText({ kind: 'identity', identityState: 'rejected' })).toBe(
      SWEEPS_ELIGIBILITY_TEXTS.rejected,
    );
  });
});
