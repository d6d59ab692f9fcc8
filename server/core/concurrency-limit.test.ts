import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import { CapacityExceeded, ConcurrencyLimit } from './concurrency-limit.ts';
import { createPasswordHasher } from './sessions/password-hash.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ConcurrencyLimit', () => {
  it('runs at most `concurrency` jobs at once, the rest in arrival order', async () => {
    const limit = new ConcurrencyLimit(2, 100);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limit.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          order.push(i);
          await sleep(2);
          running -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a job at once when the waiting line is full, and frees the slot of a failed job', async () => {
    const limit = new ConcurrencyLimit(1, 1);
    const first = limit.run(() => sleep(20));
    const second = limit.run(() => sleep(1));
    await expect(limit.run(() => sleep(1))).rejects.toBeInstanceOf(CapacityExceeded);
    await Promise.all([first, second]);
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });
});

describe('password hashing under a burst', () => {
  it('hashes at most two at a time and answers 429 with Retry-After beyond the waiting line', async () => {
    const limit = new ConcurrencyLimit(2, 3);
    const hasher = createPasswordHasher('test', limit);
    let peak = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => {
        const job = hasher.hash('Velvet-Harbor-42');
        peak = Math.max(peak, limit.load.running);
        return job;
      }),
    );
    expect(peak).toBe(2);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      const error = (r as PromiseRejectedResult).reason as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(429);
      expect(error.headers['Retry-After']).toBe('2');
    }
  });
});
