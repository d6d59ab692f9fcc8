/**
 * Browser tests that cross a day or a week move the server's clock (scripts/e2e-server.mjs
 * --test-clock; server/core/clock.ts). Moving it would disturb every other spec's players,
 * so each such spec runs a server of its own on its own port:
 *
 *   const { origin } = useClockServer(CLOCK_SLOTS.dailyBonus);
 *   test.use({ baseURL: origin });
 *   ...
 *   await advanceServerClock(request, 24 * 3600); // request: the test's APIRequestContext
 *
 * Moving the clock a day ahead expires the signed-in session on the server: sign in again.
 */
import type { APIRequestContext } from '@playwright/test';
import { API_PATHS, apiUrl } from '../../../src/contract/api-paths.ts';
import { CSRF_HEADER } from '../../../src/contract/constants.ts';
import { TEST_CLOCK_PATH, type TestClockAnswer } from '../../../src/contract/test-clock.ts';
import { useOwnServer } from './own-server.ts';

/** One port per spec that moves the clock, above E2E_CLOCK_PORT_BASE (default 8490). */
export const CLOCK_SLOTS = {
  dailyBonus: 0,
  loginBonus: 1,
  weeklyChallenge: 2,
  spare1: 3,
  spare2: 4,
} as const;

export function clockServerPort(slot: number): number {
  return Number(process.env.E2E_CLOCK_PORT_BASE ?? 8490) + slot;
}

async function probe(origin: string): Promise<'ours' | 'other' | null> {
  try {
    const health = await fetch(`${origin}${apiUrl(API_PATHS.health)}`, {
      signal: AbortSignal.timeout(2_000),
    });
    if (!health.ok) return null;
    const clock = await fetch(`${origin}${apiUrl(TEST_CLOCK_PATH)}`, { signal: AbortSignal.timeout(2_000) });
    return clock.ok ? 'ours' : 'other';
  } catch {
    return null;
  }
}

/** Starts (or reuses) a --test-clock server for this spec file; use its origin as baseURL. */
export function useClockServer(slot: number): { origin: string } {
  return useOwnServer({ port: clockServerPort(slot), flags: ['--test-clock'], probe });
}

async function move(request: APIRequestContext, data: object): Promise<TestClockAnswer> {
  const csrf = (await (await request.get(apiUrl(API_PATHS.csrf))).json()) as { csrf_token: string };
  const res = await request.post(apiUrl(TEST_CLOCK_PATH), {
    headers: { [CSRF_HEADER]: csrf.csrf_token },
    data,
  });
  if (!res.ok()) throw new Error(`test clock refused the move (${res.status()}): ${await res.text()}`);
  return (await res.json()) as TestClockAnswer;
}

/** Moves the server clock forward by whole seconds; answers the server's new time. */
export function advanceServerClock(request: APIRequestContext, seconds: number): Promise<TestClockAnswer> {
  return move(request, { advance_seconds: seconds });
}

/** Moves the server clock forward to an instant (ISO 8601; never backward). */
export function setServerClock(request: APIRequestContext, iso: string): Promise<TestClockAnswer> {
  return move(request, { set_iso: iso });
}

/** The server's time now. */
export async function serverNow(request: APIRequestContext): Promise<TestClockAnswer> {
  return (await (await request.get(apiUrl(TEST_CLOCK_PATH))).json()) as TestClockAnswer;
}
