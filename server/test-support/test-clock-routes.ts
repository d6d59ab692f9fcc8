/** GET/POST /test/clock: read and move the server clock (core/clock.ts). Mounted only by the test server entry. */
import { Hono } from 'hono';
import {
  TEST_CLOCK_MAX_ADVANCE_SECONDS,
  TEST_CLOCK_PATH,
  TestClockMoveSchema,
  type TestClockAnswer,
} from '../../src/contract/test-clock.ts';
import type { ServerClock } from '../core/clock.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppEnv } from '../http/app-env.ts';
import { check, readJson } from '../http/validate.ts';

function answer(clock: ServerClock): TestClockAnswer {
  return { now: new Date(clock.now()).toISOString(), offset_ms: clock.offsetMs() };
}

/** GET reads the server's time; POST moves it forward (advance_seconds or set_iso). */
export function testClockRoutes(clock: ServerClock): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(TEST_CLOCK_PATH, (c) => c.json(answer(clock)));
  app.post(TEST_CLOCK_PATH, async (c) => {
    const move = check(await readJson(c), TestClockMoveSchema);
    let ms: number;
    if (move.advance_seconds !== undefined) {
      const s = move.advance_seconds;
      if (!Number.isInteger(s) || s < 0 || s > TEST_CLOCK_MAX_ADVANCE_SECONDS)
        throw new ApiError(
          400,
          'VALIDATION_ERROR',
          `advance_seconds must be a whole number from 0 to ${TEST_CLOCK_MAX_ADVANCE_SECONDS}.`,
          'advance_seconds',
        );
      ms = s * 1000;
    } else {
      const target = Date.parse(move.set_iso ?? '');
      if (!Number.isFinite(target))
        throw new ApiError(400, 'VALIDATION_ERROR', 'set_iso must be an ISO 8601 instant.', 'set_iso');
      ms = target - clock.now();
      if (ms < 0)
        throw new ApiError(400, 'VALIDATION_ERROR', 'The server clock only moves forward.', 'set_iso');
      if (ms > TEST_CLOCK_MAX_ADVANCE_SECONDS * 1000)
        throw new ApiError(400, 'VALIDATION_ERROR', 'set_iso is more than a year ahead.', 'set_iso');
    }
    clock.advance(ms);
    return c.json(answer(clock));
  });
  return app;
}
