/**
 * The page's side of the postMessage protocol with a house game in its iframe
 * (src/contract/game-messages.ts; the game's side is games/shared/host-bridge.ts).
 *
 * A message is accepted only when it comes from this frame's window (event.source) at the app's
 * own origin (event.origin) and validates against GameToHostMessageSchema; anything else is
 * dropped unanswered. Then:
 * - `iframe_loaded` -> `init` (game id, currency, balances, online, reduced motion);
 * - `request` -> the mapped API call (game-calls.ts) with the game's Idempotency-Key, answered
 *   with `response` { id, ok, status, body }; a call outside the allowlist, a malformed body or
 *   no connection is answered ok:false without any request;
 * - `event` and `navigate` go to the page's handlers.
 * The page tells the game about currency swaps, connectivity changes and game settings changes.
 */
import { is, literal, size, string, type } from 'superstruct';
import {
  GAME_CALLS,
  GAME_MESSAGE_VERSION,
  GameToHostMessageSchema,
  type GameCall,
  type GameToHostMessage,
  type HostToGameMessage,
} from '../../../contract/game-messages.ts';
import type { Currency } from '../../../contract/currency.ts';
import { api, isApiError } from '../../../lib/api-client.ts';
import { isRefused, mapGameCall, notAllowed, type MappedGameCall } from './game-calls.ts';

type InitMessage = Extract<HostToGameMessage, { type: 'init' }>;
export type GameInit = Omit<InitMessage, 'v' | 'type'>;
export type GameEventMessage = Extract<GameToHostMessage, { type: 'event' }>;
export type GameNavigateTarget = Extract<GameToHostMessage, { type: 'navigate' }>['to'];

export interface CallResult {
  ok: boolean;
  /** HTTP status, 0 when no answer came (network, offline). */
  status: number;
  body: unknown;
}

/** Makes one mapped call; never throws (failures are answers with ok false). */
export type GameCallSender = (
  call: MappedGameCall,
  idempotencyKey: string | undefined,
) => Promise<CallResult>;

export interface HostBridgeOptions {
  frame: HTMLIFrameElement;
  gameId: string;
  /** The page's window (the listener's target, and the origin checked). */
  host?: Window;
  /** What the game gets in `init`, read when the game loads. */
  init: () => GameInit;
  /**
   * Whether a call is worth sending: the browser's own online signal, not "the last answer was
   * lost" (a retry carries the first try's key, and the server replays the first answer).
   */
  online: () => boolean;
  send?: GameCallSender;
  onEvent: (message: GameEventMessage) => void;
  onNavigate: (to: GameNavigateTarget) => void;
  /** A call answered ok (the page notes open and finished rounds). */
  onAnswer?: (call: GameCall, body: unknown) => void;
  /** A call refused with an answer (e.g. the round was already finished: the page reads the balances again). */
  onRefusal?: (call: GameCall, body: unknown) => void;
  /** The game (re)loaded. */
  onLoaded?: () => void;
}

export interface HostBridge {
  swapCurrency(currency: Currency): void;
  setOnline(online: boolean): void;
  /** The player's game settings changed while the game is open. */
  setSettings(settings: { reduced_motion: boolean; quick_spin: boolean }): void;
  dispose(): void;
}

/** Enough of a request to answer it even when its call is unknown. */
const RequestEnvelope = type({
  v: literal(GAME_MESSAGE_VERSION),
  type: literal('request'),
  id: size(string(), 1, 64),
  call: string(),
});

const OFFLINE_ANSWER: CallResult = {
  ok: false,
  status: 0,
  body: {
    code: 'OFFLINE',
    message: "You're offline. Playing needs a connection; try again when you reconnect.",
    field: null,
  },
};

/** The app's API client: auth, CSRF, the Idempotency-Key header, answer validation. */
export const sendThroughApi: GameCallSender = async (call, idempotencyKey) => {
  const opts = { handleErrors: false, ...(idempotencyKey ? { idempotencyKey } : {}) };
  try {
    const body =
      call.method === 'GET'
        ? await api.get(call.path, call.answer, opts)
        : call.method === 'PUT'
          ? await api.put(call.path, call.body, call.answer, opts)
          : await api.post(call.path, call.body, call.answer, opts);
    return { ok: true, status: 200, body };
  } catch (e) {
    if (isApiError(e))
      return {
        ok: false,
        status: e.status,
        body: { code: e.code, message: e.message, field: e.field, extra: e.extra },
      };
    return {
      ok: false,
      status: 0,
      body: { code: 'ERROR', message: 'The request failed.', field: null },
    };
  }
};

export function connectHostBridge(options: HostBridgeOptions): HostBridge {
  const host = options.host ?? window;
  const origin = host.location.origin;
  const send = options.send ?? sendThroughApi;
  let loaded = false;
  let disposed = false;

  const post = (message: HostToGameMessage): void => {
    if (disposed) return;
    options.frame.contentWindow?.postMessage(message, origin);
  };
  const answer = (id: string, result: CallResult): void =>
    post({ v: GAME_MESSAGE_VERSION, type: 'response', id, ...result });

  async function handleRequest(message: Extract<GameToHostMessage, { type: 'request' }>): Promise<void> {
    const mapped = mapGameCall(options.gameId, message.call, message.body);
    if (isRefused(mapped)) {
      answer(message.id, { ok: false, status: 400, body: mapped.refused });
      return;
    }
    if (!options.online()) {
      answer(message.id, OFFLINE_ANSWER);
      return;
    }
    const result = await send(mapped, message.idempotency_key);
    if (result.ok) options.onAnswer?.(message.call, result.body);
    else if (result.status >= 400 && result.status < 500) options.onRefusal?.(message.call, result.body);
    answer(message.id, result);
  }

  const listener = (event: MessageEvent): void => {
    if (event.origin !== origin) return;
    if (!event.source || event.source !== options.frame.contentWindow) return;
    const data: unknown = event.data;
    if (!is(data, GameToHostMessageSchema)) {
      // A request the game can be told about still gets its refusal: a call outside the
      // allowlist, or an allowed call sent malformed (a bad idempotency key, a body not an object).
      if (is(data, RequestEnvelope)) {
        const refused = (GAME_CALLS as readonly string[]).includes(data.call)
          ? { code: 'INVALID_CALL_BODY', message: 'The game sent a malformed request.', field: null }
          : notAllowed(data.call).refused;
        answer(data.id, { ok: false, status: 400, body: refused });
      }
      return;
    }
    switch (data.type) {
      case 'iframe_loaded':
        loaded = true;
        options.onLoaded?.();
        post({ v: GAME_MESSAGE_VERSION, type: 'init', ...options.init() });
        return;
      case 'request':
        void handleRequest(data);
        return;
      case 'event':
        options.onEvent(data);
        return;
      case 'navigate':
        options.onNavigate(data.to);
        return;
    }
  };
  host.addEventListener('message', listener);

  return {
    swapCurrency(currency) {
      if (loaded) post({ v: GAME_MESSAGE_VERSION, type: 'currency_swap', currency });
    },
    setOnline(online) {
      if (loaded) post({ v: GAME_MESSAGE_VERSION, type: 'connectivity', online });
    },
    setSettings(settings) {
      if (loaded) post({ v: GAME_MESSAGE_VERSION, type: 'settings', ...settings });
    },
    dispose() {
      disposed = true;
      host.removeEventListener('message', listener);
    },
  };
}
