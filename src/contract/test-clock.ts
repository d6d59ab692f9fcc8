/**
 * The movable server clock of browser tests (TEST_CLOCK=true only, never in production): moving
 * the server's time forward lets a test reach the next Eastern day (daily bonus, login bonus) or
 * the end of a week (leaderboard) without waiting.
 */
import { number, object, optional, refine, string, type Infer } from 'superstruct';

export const TEST_CLOCK_PATH = '/test/clock';

/** At most a year per move: enough for any daily, weekly or yearly rule. */
export const TEST_CLOCK_MAX_ADVANCE_SECONDS = 366 * 24 * 3600;

/** Exactly one of: advance by whole seconds (>= 0), or jump to a later instant. */
export const TestClockMoveSchema = refine(
  object({ advance_seconds: optional(number()), set_iso: optional(string()) }),
  'one move',
  (v) => (v.advance_seconds === undefined) !== (v.set_iso === undefined),
);
export type TestClockMove = Infer<typeof TestClockMoveSchema>;

export interface TestClockAnswer {
  /** The server's time now, ISO 8601. */
  now: string;
  /** How far the server clock is ahead of the machine's clock, in ms. */
  offset_ms: number;
}
