/**
 * One Idempotency-Key per player action (team rule for requests that change account money
 * settings): a new key for each new request body, the same key when the very same request is
 * retried after it failed to get an answer, so the server can replay instead of applying twice.
 */
export interface ActionKeys {
  /** The key to send with `body`. */
  keyFor: (body: unknown) => string;
  /** The request got an answer (success or refusal): the next action gets a new key. */
  settled: () => void;
}

const newKey = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export function createActionKeys(): ActionKeys {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const json = JSON.stringify(body);
      if (last && last.body === json) return last.key;
      last = { body: json, key: newKey() };
      return last.key;
    },
    settled() {
      last = null;
    },
  };
}
