/**
 * The game's side of the postMessage protocol (src/contract/game-messages.ts). A game page calls
 * `connectToHost()` once; it posts `iframe_loaded`, waits for the host's `init`, and then:
 * - `call(name, body, key?)` asks the host to make an API call and resolves with its answer
 *   (or rejects with a GameCallError carrying status, code, field and message);
 * - `report(event, details)` tells the host an outcome (it applies the switching/balance rules);
 * - `navigate(to)` asks the host to open the lobby, recall, the rules or the coin store;
 * - `onHostMessage(listener)` hears currency swaps, connectivity changes and game settings.
 * Messages are accepted only from the parent window at the app's own origin, and only when they
 * validate against the contract; everything else is dropped.
 */
import { is } from 'superstruct';
import {
  GAME_MESSAGE_VERSION,
  HostToGameMessageSchema,
  GameCallErrorSchema,
  type GameCall,
  type GameEvent,
  type GameToHostMessage,
  type HostToGameMessage,
} from '../../src/contract/game-messages.ts';
import type { Balances } from '../../src/contract/schemas.ts';
import type { Currency } from '../../src/contract/currency.ts';

export class GameCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field: string | null,
  ) {
    super(message);
    this.name = 'GameCallError';
  }
}

export type HostInit = Extract<HostToGameMessage, { type: 'init' }>;
type Listener = (message: HostToGameMessage) => void;

export interface HostBridge {
  init: HostInit;
  call<T = unknown>(call: GameCall, body?: Record<string, unknown>, idempotencyKey?: string): Promise<T>;
  report(
    event: GameEvent,
    details?: { balances?: Balances; post_bet_balances?: Balances; win?: number; currency?: Currency },
  ): void;
  navigate(to: 'lobby' | 'recall' | 'rules' | 'buy_coins'): void;
  onHostMessage(listener: Listener): () => void;
}

/** A fresh key for one player action (crypto RNG; retries of the same action reuse it). */
export const newActionKey = (): string => `game-${crypto.randomUUID()}`;

export function connectToHost(win: Window = window): Promise<HostBridge> {
  const origin = win.location.origin;
  const parent = win.parent;
  const listeners = new Set<Listener>();
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  let counter = 0;
  const post = (message: GameToHostMessage) => parent.postMessage(message, origin);

  return new Promise((resolveInit) => {
    let init: HostInit | null = null;
    win.addEventListener('message', (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== parent) return;
      if (!is(event.data, HostToGameMessageSchema)) return;
      const message = event.data;
      if (message.type === 'init') {
        if (!init) {
          init = message;
          resolveInit(bridge(message));
        }
        return;
      }
      if (message.type === 'response') {
        const waiting = pending.get(message.id);
        if (!waiting) return;
        pending.delete(message.id);
        if (message.ok) waiting.resolve(message.body);
        else {
          const body = is(message.body, GameCallErrorSchema)
            ? message.body
            : {
                code: message.status === 0 ? 'NETWORK_ERROR' : 'ERROR',
                message: 'The request failed.',
                field: null,
              };
          waiting.reject(new GameCallError(message.status, body.code, body.message, body.field ?? null));
        }
        return;
      }
      for (const listener of listeners) listener(message);
    });
    post({ v: GAME_MESSAGE_VERSION, type: 'iframe_loaded' });

    function bridge(first: HostInit): HostBridge {
      return {
        init: first,
        call(call, body, idempotencyKey) {
          const id = `r${++counter}`;
          return new Promise((resolve, reject) => {
            pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
            post({
              v: GAME_MESSAGE_VERSION,
              type: 'request',
              id,
              call,
              ...(body ? { body } : {}),
              ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}),
            });
          });
        },
        report(event, details = {}) {
          post({ v: GAME_MESSAGE_VERSION, type: 'event', event, ...details });
        },
        navigate(to) {
          post({ v: GAME_MESSAGE_VERSION, type: 'navigate', to });
        },
        onHostMessage(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
    }
  });
}
