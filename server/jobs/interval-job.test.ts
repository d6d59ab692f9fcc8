import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIntervalJob, type IntervalJob } from './interval-job.ts';

const silentLogger = () => ({ error: vi.fn() });

/** A job whose failures the test does not look at. */
const startQuietJob = (run: () => Promise<number>, intervalMs = 60_000) =>
  startIntervalJob({
    intervalMs,
    run,
    logger: silentLogger(),
    failureMessage: 'x failed',
    onFailure: () => 0,
  });

/** A run the test finishes by hand: counts starts, resolves with the start number. */
function gatedRun() {
  let starts = 0;
  const gates: Array<() => void> = [];
  const run = vi.fn(async () => {
    starts += 1;
    const n = starts;
    await new Promise<void>((resolve) => gates.push(resolve));
    return n;
  });
  const releaseAll = () => gates.splice(0).forEach((open) => open());
  return { run, releaseAll };
}

describe('startIntervalJob', () => {
  const jobs: Array<IntervalJob<unknown>> = [];
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(jobs.splice(0).map((job) => job.stop()));
  });

  it('runs at start, and a burst of calls while that run is under way shares it', async () => {
    const { run, releaseAll } = gatedRun();
    const job = startQuietJob(run);
    jobs.push(job);
    expect(run).toHaveBeenCalledTimes(1);
    const burst = Array.from({ length: 10 }, () => job.runOnce());
    releaseAll();
    expect(await Promise.all(burst)).toEqual(Array(10).fill(1));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('calls sent one after another while a run is in flight get that run; the next call after it starts a new one', async () => {
    const { run, releaseAll } = gatedRun();
    const job = startQuietJob(run);
    jobs.push(job);
    const first = job.runOnce();
    await Promise.resolve();
    const second = job.runOnce();
    await Promise.resolve();
    const third = job.runOnce();
    expect(run).toHaveBeenCalledTimes(1);
    releaseAll();
    expect(await Promise.all([first, second, third])).toEqual([1, 1, 1]);
    const next = job.runOnce();
    expect(run).toHaveBeenCalledTimes(2);
    releaseAll();
    expect(await next).toBe(2);
  });

  it('logs a failed run with its message, answers onFailure, and runs again next time', async () => {
    const logger = silentLogger();
    let calls = 0;
    const job = startIntervalJob({
      intervalMs: 60_000,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database gone');
        return 'ok';
      },
      logger,
      failureMessage: 'x run failed',
      onFailure: () => 'fallback',
    });
    jobs.push(job);
    expect(await job.runOnce()).toBe('fallback');
    expect(logger.error).toHaveBeenCalledWith('x run failed', { error: 'database gone' });
    expect(await job.runOnce()).toBe('ok');
  });

  it('runs every interval until stopped; stop waits for the run under way', async () => {
    vi.useFakeTimers();
    const { run, releaseAll } = gatedRun();
    const job = startQuietJob(run, 1000);
    expect(run).toHaveBeenCalledTimes(1);
    releaseAll();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);

    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    releaseAll();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
