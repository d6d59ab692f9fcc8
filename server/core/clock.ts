/**
 * A server clock that browser tests can move forward (TEST_CLOCK=true; scripts/e2e-server.mjs
 * --test-clock). Every feature reads time through `deps.now()`, so one offset moves them all:
 * Eastern days, streaks, weekly boards, token lifetimes. Only forward: rules such as "once a
 * day" and the ledger's ordering assume time never runs backward.
 */

export interface ServerClock {
  now(): number;
  /** How far ahead of the machine's clock, in ms. */
  offsetMs(): number;
  /** Moves the clock forward by ms (>= 0). */
  advance(ms: number): void;
}

export function createServerClock(machineNow: () => number = Date.now): ServerClock {
  let offsetMs = 0;
  return {
    now: () => machineNow() + offsetMs,
    offsetMs: () => offsetMs,
    advance(ms) {
      if (!(ms >= 0) || !Number.isFinite(ms)) throw new RangeError('the clock only moves forward');
      offsetMs += ms;
    },
  };
}
