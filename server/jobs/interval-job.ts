/**
 * A background job of a server process: one run at start, then one every `intervalMs`.
 * Runs never overlap within a process (a run asked for while one is under way gets that run),
 * a failed run is logged and answers `onFailure`, and the timer does not keep the process alive.
 */
import type { Logger } from '../platform/logger.ts';

export interface IntervalJob<T> {
  /** One run now (waits for a run already under way instead of starting a second). */
  runOnce(): Promise<T>;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

export interface IntervalJobOptions<T> {
  intervalMs: number;
  run: () => Promise<T>;
  logger: Pick<Logger, 'error'>;
  /** Logged with the error's message when a run fails. */
  failureMessage: string;
  /** What a failed run answers. */
  onFailure: () => T;
}

export function startIntervalJob<T>(options: IntervalJobOptions<T>): IntervalJob<T> {
  const { run, logger, failureMessage, onFailure } = options;
  let running: Promise<T> | null = null;
  let stopped = false;

  const runOnce = (): Promise<T> => {
    running ??= run()
      .catch((error: unknown) => {
        logger.error(failureMessage, { error: error instanceof Error ? error.message : String(error) });
        return onFailure();
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped) void runOnce();
  }, options.intervalMs);
  timer.unref();
  void runOnce();

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
