/**
 * The W-9 calls keep one Idempotency-Key per submission (state/player-actions.ts): a form or a
 * confirmation sent again after a lost answer carries the first try's key; a corrected form the
 * server refuses under that key (409 IDEMPOTENCY_KEY_REUSED) goes once more under a new key; an
 * answer lets the key go.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../contract/constants.ts';
import { SSN_MASK, TAX_API_PATHS, type W9CreateRequest } from '../../contract/tax.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore, store } from '../../state/store.ts';
import { demoUser } from '../../state/test-fixtures.ts';
import { confirmW9Info, submitW9Form } from './api.ts';

type Reply = { status: number; body: unknown } | 'lost';
interface Sent {
  path: string;
  key: string | null;
  body: unknown;
}

/** Answers each call to the W-9 paths with the next reply in line ('lost': no answer at all). */
function stubReplies(replies: Reply[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1/, '');
      if (path === '/auth/csrf')
        return new Response(JSON.stringify({ csrf_token: 't' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      const headers = new Headers(init.headers);
      sent.push({ path, key: headers.get(IDEMPOTENCY_HEADER), body: JSON.parse(String(init.body)) });
      const reply = replies.shift();
      if (!reply || reply === 'lost') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}

const form = (ssn = '4821'): W9CreateRequest => ({
  legal_name: 'Alex Rivera',
  address_line_1: '233 S. Wacker Dr.',
  address_line_2: null,
  city: 'Chicago',
  state_or_province: 'IL',
  zip_code: '60606',
  ssn_last_four: ssn,
  certified: true,
});
const status = {
  w9_state: 'required',
  suspended: false,
  threshold_usd: '600',
  submission: {
    id: 'w9-1',
    state: 'submitted',
    legal_name: 'Alex Rivera',
    zip_code: '60606',
    ssn_last_four: SSN_MASK,
    submitted_at: '2026-11-27T09:00:00.000Z',
    decided_at: null,
  },
};
const reused = {
  status: 409,
  body: { code: 'IDEMPOTENCY_KEY_REUSED', message: 'used', field: null, extra: null },
};

beforeEach(() => {
  resetStore();
  resetApiClientState();
  store.session.status = 'signed-in';
  store.session.user = demoUser();
});
afterEach(() => vi.unstubAllGlobals());

describe('W-9 calls on a flaky link', () => {
  it('a form sent again after a lost answer carries the same key; the next form a new one', async () => {
    const sent = stubReplies(['lost', { status: 201, body: status }, { status: 201, body: status }]);
    await expect(submitW9Form(form())).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    await submitW9Form(form()).catch((e: unknown) => {
      throw new Error(`second try: ${String(e)}`);
    });
    await submitW9Form(form()).catch(() => undefined);
    expect(sent.map((s) => s.path)).toEqual(Array(3).fill(TAX_API_PATHS.w9));
    expect(sent[0]!.key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
  });

  it('a corrected form refused under the kept key goes once more under a new key', async () => {
    const sent = stubReplies(['lost', reused, { status: 201, body: status }]);
    await expect(submitW9Form(form('4821'))).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    await submitW9Form(form('4822')).catch((e: unknown) => {
      throw new Error(`corrected form: ${String(e)}`);
    });
    expect(sent.map((s) => s.key)).toEqual([sent[0]!.key, sent[0]!.key, expect.any(String)]);
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
    expect((sent[2]!.body as W9CreateRequest).ssn_last_four).toBe('4822');
  });

  it('a confirmation keeps its key across a lost answer and a 5xx', async () => {
    const decision = { outcome: 'confirmed', w9_state: 'confirmed', suspended: false };
    const sent = stubReplies([
      'lost',
      { status: 503, body: { code: 'UNAVAILABLE', message: 'later', field: null, extra: null } },
      { status: 200, body: decision },
    ]);
    const info = { zipCode: '60606', ssnLastFour: '4821' };
    await expect(confirmW9Info(info)).rejects.toMatchObject({ status: 0 });
    await expect(confirmW9Info(info)).rejects.toMatchObject({ status: 503 });
    await expect(confirmW9Info(info)).resolves.toEqual(decision);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(sent.every((s) => s.path === TAX_API_PATHS.w9Confirm)).toBe(true);
  });
});
