/**
 * One idempotency key per player action, kept only while the action's outcome is unknown (its
 * answer was lost, or the server failed), so pressing the button again retries the same action
 * instead of placing a second bet. An answer, or a final refusal, lets the key go.
 */
import { useState } from 'react';
import { newActionKey } from './host-bridge.ts';
import { isFinalRefusal } from './shown-error.ts';

export interface ActionKeys {
  /** The key kept from the action's unanswered try, or a fresh one. */
  keyFor(action: string): string;
  /** The action was answered: trying it again is a new action with a new key. */
  settle(action: string): void;
  /** The action failed: its key goes when the refusal is final and stays when the outcome is unknown. */
  failed(action: string, reason: unknown): void;
}

export function createActionKeys(): ActionKeys {
  const pending = new Map<string, string>();
  return {
    keyFor(action) {
      const existing = pending.get(action);
      if (existing) return existing;
      const key = newActionKey();
      pending.set(action, key);
      return key;
    },
    settle(action) {
      pending.delete(action);
    },
    failed(action, reason) {
      if (isFinalRefusal(reason)) pending.delete(action);
    },
  };
}

/** The page's action keys, the same object for the page's whole life. */
export function useActionKeys(): ActionKeys {
  const [keys] = useState(createActionKeys);
  return keys;
}
