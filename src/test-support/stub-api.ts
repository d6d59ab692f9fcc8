/**
 * Test helper (unit tests only): a fetch stub that answers API calls by path, records them, and
 * answers the CSRF call itself so POSTs go through the real API client.
 */
import { vi } from 'vitest';
import type { LoginResponse } from '../contract/schemas.ts';

export interface RecordedCall {
  path: string;
  method: string;
  body: unknown;
}

export type Answer = { status: number; body: unknown } | (() => Promise<{ status: number; body: unknown }>);

export function stubApi(answers: Record<string, Answer | Answer[]>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/api\/v1/, '');
      if (path === '/auth/csrf') return json(200, { csrf_token: 'test-csrf' });
      calls.push({
        path,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const entry = answers[path];
      const answer = Array.isArray(entry) ? entry.shift() : entry;
      if (!answer) return json(404, { code: 'NOT_FOUND', message: `no stub for ${path}` });
      const { status, body } = typeof answer === 'function' ? await answer() : answer;
      return json(status, body);
    }),
  );
  return calls;
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const apiError = (status: number, code: string, message: string, field: string | null = null) => ({
  status,
  body: { code, message, field, extra: null },
});

/** A valid login answer (the shape the server sends for login, sign-up and sign-in link). */
export function loginAnswer(overrides: Partial<LoginResponse['user']> = {}): LoginResponse {
  return {
    token: 'access-token',
    token_expires_at: Date.now() + 15 * 60_000,
    user: {
      id: 'u-1',
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      first_purchase_name: null,
      account_state: 'active',
      birth_year: 1990,
      birth_month: 5,
      birth_day: 15,
      postal_code: '60601',
      state_or_province: 'IL',
      address_line_1: null,
      address_line_2: null,
      city: null,
      phone: null,
      mobile_verified: true,
      sweeps_eligible: true,
      user_data: {},
      last_password_change: null,
      created_at: '2026-01-01T00:00:00Z',
      ...overrides,
    },
    balances: {
      balance_paid_ghc: 0,
      balance_free_ghc: 0,
      balance_redeemable_ghc: 0,
      balance_redeemable_available_ghc: 0,
      balance_total_ghc: 0,
      balance_total_gld: 0,
    },
    promopopups: [],
    promocarousels: [],
    quantity_ghc: 0,
    quantity_gld: 0,
    promo_code: null,
  };
}
