/**
 * The KYC result with retries (spec section 4): only the no-decision code is retried, after
 * retry_pause_seconds each time; the app gives up after max_retries calls (the first included)
 * or at once on the no-decision-max code. Any other failure ends it too. Framework-free, with
 * the wait injected so tests drive it with fake timers.
 */
import { KYC_ERROR_CODES } from '../../contract/kyc.ts';

export type ResultRetryOutcome<T> =
  | { kind: 'decided'; result: T; calls: number }
  | { kind: 'no-decision-max'; calls: number }
  | { kind: 'max-retries'; calls: number }
  | { kind: 'failed'; error: unknown; calls: number };

export interface RetrySettings {
  max_retries: number;
  retry_pause_seconds: number;
}

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

export const waitMs = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function fetchResultWithRetries<T>(
  fetchOnce: () => Promise<T>,
  settings: RetrySettings,
  wait: (ms: number) => Promise<void> = waitMs,
): Promise<ResultRetryOutcome<T>> {
  const maxCalls = Math.max(1, Math.floor(settings.max_retries));
  const pauseMs = Math.max(0, settings.retry_pause_seconds) * 1000;
  for (let calls = 1; ; calls++) {
    try {
      return { kind: 'decided', result: await fetchOnce(), calls };
    } catch (error) {
      const code = codeOf(error);
      if (code === KYC_ERROR_CODES.KYC_NO_DECISION_MAX) return { kind: 'no-decision-max', calls };
      if (code !== KYC_ERROR_CODES.KYC_NO_DECISION) return { kind: 'failed', error, calls };
      if (calls >= maxCalls) return { kind: 'max-retries', calls };
      await wait(pauseMs);
    }
  }
}
