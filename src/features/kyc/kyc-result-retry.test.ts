import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KYC_ERROR_CODES } from '../../contract/kyc.ts';
import { ApiError } from '../../lib/api-client.ts';
import { fetchResultWithRetries } from './kyc-result-retry.ts';

const noDecision = () => new ApiError(409, KYC_ERROR_CODES.KYC_NO_DECISION, 'not yet');
const noDecisionMax = () => new ApiError(409, KYC_ERROR_CODES.KYC_NO_DECISION_MAX, 'no decision');
const settings = { max_retries: 4, retry_pause_seconds: 3 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('fetchResultWithRetries', () => {
  it('retries only on no-decision, waiting retry_pause_seconds before each new call', async () => {
    const fetchOnce = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(noDecision())
      .mockRejectedValueOnce(noDecision())
      .mockResolvedValueOnce('verified');
    const done = fetchResultWithRetries(fetchOnce, settings);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchOnce).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchOnce).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchOnce).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchOnce).toHaveBeenCalledTimes(3);
    await expect(done).resolves.toEqual({ kind: 'decided', result: 'verified', calls: 3 });
  });

  it('gives up after max_retries calls (the first included) without waiting after the last', async () => {
    const fetchOnce = vi.fn<() => Promise<string>>().mockRejectedValue(noDecision());
    const done = fetchResultWithRetries(fetchOnce, settings);
    await vi.advanceTimersByTimeAsync(3 * 3000);
    await expect(done).resolves.toEqual({ kind: 'max-retries', calls: 4 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchOnce).toHaveBeenCalledTimes(4);
  });

  it('gives up at once on no-decision-max', async () => {
    const fetchOnce = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(noDecision())
      .mockRejectedValueOnce(noDecisionMax());
    const done = fetchResultWithRetries(fetchOnce, settings);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(done).resolves.toEqual({ kind: 'no-decision-max', calls: 2 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchOnce).toHaveBeenCalledTimes(2);
  });

  it('does not retry any other failure (network, 503, unknown response)', async () => {
    for (const error of [
      new ApiError(503, 'KYC_UNAVAILABLE', 'down'),
      new ApiError(0, 'NETWORK_ERROR', 'offline'),
      new Error('boom'),
    ]) {
      const fetchOnce = vi.fn<() => Promise<string>>().mockRejectedValue(error);
      const outcome = await fetchResultWithRetries(fetchOnce, settings);
      expect(outcome).toEqual({ kind: 'failed', error, calls: 1 });
      expect(fetchOnce).toHaveBeenCalledTimes(1);
    }
  });

  it('makes at least one call when max_retries is 0, and does not wait with a 0 pause', async () => {
    const fetchOnce = vi.fn<() => Promise<string>>().mockRejectedValue(noDecision());
    await expect(
      fetchResultWithRetries(fetchOnce, { max_retries: 0, retry_pause_seconds: 0 }),
    ).resolves.toEqual({
      kind: 'max-retries',
      calls: 1,
    });
  });
});
