/**
 * A game's money-moving calls under the app's one rule (src/lib/pending-actions.ts): each player
 * action (a deal, a move, a spin, a ticket bought or claimed) has one idempotency key from its
 * first try until its outcome is known, kept in IndexedDB for this player and this game. Pressing
 * again, Try again, a reload or reopening the app sends the same key and the same request, so the
 * server replays its first answer; an answer or a final refusal lets the key go.
 */
import { useState } from 'react';
import type { GameCall } from '../../src/contract/game-messages.ts';
import { newPendingKey, pendingActions, type PendingAction } from '../../src/lib/pending-actions.ts';
import { GameCallError, type HostBridge } from './host-bridge.ts';

/** What a pending game action re-sends: the call and its body. */
export interface GameRequest {
  call: GameCall;
  body: Record<string, unknown>;
}

export interface Sent<T> {
  answer: T;
  /** The request actually sent: the pending one's when an earlier try was still unanswered. */
  request: GameRequest;
}

export interface ActionKeys {
  /**
   * Sends `request` as `action`, or, when an earlier try of `action` is still pending, that try
   * again (same key, same request). Its key goes on an answer or a final refusal.
   */
  send<T>(action: string, request: GameRequest): Promise<Sent<T>>;
  /** The actions whose outcome is still unknown (after a reload: to send them again). */
  pending(): Promise<PendingAction<GameRequest>[]>;
}

const outcomeOf = (reason: unknown) =>
  reason instanceof GameCallError ? { status: reason.status, code: reason.code } : { status: 0 };

export function createActionKeys(bridge: HostBridge): ActionKeys {
  const scope = `game:${bridge.init.player_id ?? 'player'}:${bridge.init.game_id}`;
  const store = pendingActions(scope);
  return {
    async send<T>(action: string, request: GameRequest) {
      const pending = await store.begin(action, request, () => newPendingKey('game'));
      try {
        const answer = await bridge.call<T>(pending.body.call, pending.body.body, pending.key);
        await store.settle(action);
        return { answer, request: pending.body };
      } catch (reason) {
        await store.failed(action, outcomeOf(reason));
        throw reason;
      }
    },
    async pending() {
      return (await store.list()) as PendingAction<GameRequest>[];
    },
  };
}

/** The page's action keys, the same object for the page's whole life. */
export function useActionKeys(bridge: HostBridge): ActionKeys {
  const [keys] = useState(() => createActionKeys(bridge));
  return keys;
}
