/**
 * The identity submission on a flaky link: the result call's auth response is kept until it is
 * answered; a lost answer is sent again at once with the same auth response, and one still kept
 * (every try lost) is sent again by the next status check (My Account after a reload).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../lib/api-client.ts';
import { loginAnswer } from '../test-support/stub-api.ts';
import {
  checkIdentityVerification,
  fetchKeptKycResult,
  KYC_RESULT_LOST_ANSWER_TRIES,
} from './identity-actions.ts';
import { resetStore, store } from './store.ts';
import { demoUser } from './test-fixtures.ts';

const decided = { flow: 'verification', outcome: 'verified', identity_state: 'verified' };
const status = { identity_state: 'verified', verified_at: '2026-11-27T09:00:00.000Z', pending_since: null };

/** Result calls answered by `reply` in turn ('lost': no answer at all); status and me answered. */
function stubKyc(replies: Array<'lost' | 'ok'>): string[] {
  const results: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname.endsWith('/kyc/result')) {
        results.push(url.searchParams.get('auth_response') ?? '');
        if (replies.shift() !== 'ok') throw new TypeError('Failed to fetch');
        return json(decided);
      }
      if (url.pathname.endsWith('/kyc/status')) return json(status);
      if (url.pathname.endsWith('/users/me'))
        return json({ ...loginAnswer().user, identity_state: 'verified' });
      return json({}); // the reachability probe
    }),
  );
  return results;
}

beforeEach(() => {
  resetStore();
  resetApiClientState();
  store.session.status = 'signed-in';
  store.session.user = demoUser();
});
afterEach(() => vi.unstubAllGlobals());

describe('the kept identity result', () => {
  it('a lost answer is sent again at once with the same auth response, and answered', async () => {
    const results = stubKyc(['lost', 'ok']);
    await expect(fetchKeptKycResult('verification', 'auth-response-1')).resolves.toEqual(decided);
    expect(results).toEqual(['auth-response-1', 'auth-response-1']);
    // Answered: nothing is kept, so the next status check sends no result call.
    await checkIdentityVerification();
    expect(results).toHaveLength(2);
  });

  it('every try lost: kept, and sent again by the next status check before the status is read', async () => {
    const results = stubKyc([...Array(KYC_RESULT_LOST_ANSWER_TRIES).fill('lost'), 'ok']);
    await expect(fetchKeptKycResult('verification', 'auth-response-2')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
    expect(results).toHaveLength(KYC_RESULT_LOST_ANSWER_TRIES);
    await expect(checkIdentityVerification()).resolves.toEqual(status);
    expect(results).toHaveLength(KYC_RESULT_LOST_ANSWER_TRIES + 1);
    expect(new Set(results)).toEqual(new Set(['auth-response-2']));
    expect(store.session.user?.identity_state).toBe('verified');
    await checkIdentityVerification();
    expect(results).toHaveLength(KYC_RESULT_LOST_ANSWER_TRIES + 1);
  });

  it('a newer verification replaces an older one still kept', async () => {
    const results = stubKyc([...Array(KYC_RESULT_LOST_ANSWER_TRIES).fill('lost'), 'ok', 'ok']);
    await fetchKeptKycResult('verification', 'old-response').catch(() => undefined);
    await fetchKeptKycResult('verification', 'new-response');
    await checkIdentityVerification();
    expect(results.filter((r) => r === 'new-response')).toHaveLength(1);
    expect(results.at(-1)).toBe('new-response');
  });
});
