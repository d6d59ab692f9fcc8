import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_CALLS, type GameCall } from '../../../contract/game-messages.ts';
import { HOUSE_GAME_IDS } from '../../../contract/games.ts';
import { resetApiClientState } from '../../../lib/api-client.ts';
import { connectHostBridge, type HostBridge, type HostBridgeOptions } from './host-bridge.ts';
import { isRefused, mapGameCall } from './game-calls.ts';
import { HOUSE_BET_STEPS } from '../../../test-support/game-fixtures.ts';

const balances = {
  balance_paid_ghc: 0,
  balance_free_ghc: 10,
  balance_redeemable_ghc: 0,
  balance_redeemable_available_ghc: 0,
  balance_total_ghc: 10,
  balance_total_gld: 5_000,
};
const roundView = {
  id: 'rd_1',
  game_id: 'jacks-or-better',
  currency: 'gold',
  bet: 10,
  win: 0,
  status: 'open',
  state: {},
  nonce: 3,
  server_seed_hash: 'ab'.repeat(32),
  client_seed: 'seed',
  created_at: '2026-11-22T12:00:00.000Z',
  finished_at: null,
  auto_completed: false,
};
const roundAnswer = { round: roundView, balances, post_bet_balances: balances };

let frame: HTMLIFrameElement;
let posted: unknown[];
let bridge: HostBridge | null;
let fetchMock: ReturnType<typeof vi.fn>;

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function connect(over: Partial<HostBridgeOptions> = {}): HostBridgeOptions {
  const options: HostBridgeOptions = {
    frame,
    gameId: HOUSE_GAME_IDS.videoPoker,
    init: () => ({
      game_id: HOUSE_GAME_IDS.videoPoker,
      currency: 'gold',
      balances,
      online: true,
      reduced_motion: false,
      bet_steps: HOUSE_BET_STEPS,
    }),
    online: () => true,
    onEvent: vi.fn(),
    onNavigate: vi.fn(),
    onAnswer: vi.fn(),
    onLoaded: vi.fn(),
    ...over,
  };
  bridge = connectHostBridge(options);
  return options;
}

/** A message as the game would send it (right source and origin unless told otherwise). */
function fromGame(data: unknown, init: { origin?: string; source?: Window | null } = {}): void {
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: init.origin ?? window.location.origin,
      source: init.source === undefined ? frame.contentWindow : init.source,
    }),
  );
}

const request = (call: string, body?: Record<string, unknown>, key?: string) => ({
  v: 1,
  type: 'request',
  id: 'r1',
  call,
  ...(body ? { body } : {}),
  ...(key ? { idempotency_key: key } : {}),
});

/** Waits until the bridge has answered `count` messages. */
async function answered(count = 1): Promise<void> {
  await vi.waitFor(() => expect(posted.length).toBeGreaterThanOrEqual(count));
}

beforeEach(() => {
  frame = document.createElement('iframe');
  document.body.appendChild(frame);
  posted = [];
  vi.spyOn(frame.contentWindow as Window, 'postMessage').mockImplementation((message: unknown) => {
    posted.push(message);
  });
  fetchMock = vi.fn(async () => jsonResponse(roundAnswer));
  vi.stubGlobal('fetch', fetchMock);
  // The CSRF cookie is there, so unsafe calls make no extra CSRF request.
  document.cookie = 'lc_csrf=test-csrf';
  resetApiClientState();
});
afterEach(() => {
  bridge?.dispose();
  bridge = null;
  frame.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('which messages the host accepts', () => {
  it('answers iframe_loaded with init', () => {
    const options = connect();
    fromGame({ v: 1, type: 'iframe_loaded' });
    expect(options.onLoaded).toHaveBeenCalledTimes(1);
    expect(posted).toEqual([
      {
        v: 1,
        type: 'init',
        game_id: HOUSE_GAME_IDS.videoPoker,
        currency: 'gold',
        balances,
        online: true,
        reduced_motion: false,
        bet_steps: HOUSE_BET_STEPS,
      },
    ]);
  });

  it('drops a message from another origin', () => {
    const options = connect();
    fromGame({ v: 1, type: 'iframe_loaded' }, { origin: 'https://evil.example' });
    fromGame({ v: 1, type: 'event', event: 'end_round' }, { origin: 'https://evil.example' });
    expect(posted).toEqual([]);
    expect(options.onEvent).not.toHaveBeenCalled();
  });

  it('drops a message from another window (wrong source), even at our origin', () => {
    const other = document.createElement('iframe');
    document.body.appendChild(other);
    const options = connect();
    fromGame({ v: 1, type: 'iframe_loaded' }, { source: other.contentWindow });
    fromGame({ v: 1, type: 'event', event: 'end_round' }, { source: window });
    fromGame({ v: 1, type: 'event', event: 'end_round' }, { source: null });
    expect(posted).toEqual([]);
    expect(options.onEvent).not.toHaveBeenCalled();
    other.remove();
  });

  it.each([
    ['a wrong version', { v: 2, type: 'iframe_loaded' }],
    ['an unknown type', { v: 1, type: 'steal_token' }],
    ['an unknown event', { v: 1, type: 'event', event: 'jackpot' }],
    [
      'bad balances',
      { v: 1, type: 'event', event: 'video_poker_deal', balances: { balance_total_gld: 'x' } },
    ],
    ['a navigate elsewhere', { v: 1, type: 'navigate', to: 'https://evil.example' }],
    ['text', 'iframe_loaded'],
    ['null', null],
  ])('drops a message failing the schema: %s', (_name, data) => {
    const options = connect();
    fromGame(data);
    expect(posted).toEqual([]);
    expect(options.onEvent).not.toHaveBeenCalled();
    expect(options.onNavigate).not.toHaveBeenCalled();
  });

  it('hands valid events and navigation to the page', () => {
    const options = connect();
    const event = { v: 1, type: 'event', event: 'video_poker_deal', balances, currency: 'gold' };
    fromGame(event);
    fromGame({ v: 1, type: 'navigate', to: 'recall' });
    expect(options.onEvent).toHaveBeenCalledWith(event);
    expect(options.onNavigate).toHaveBeenCalledWith('recall');
  });

  it('stops listening once disposed', () => {
    connect();
    bridge?.dispose();
    fromGame({ v: 1, type: 'iframe_loaded' });
    expect(posted).toEqual([]);
  });
});

describe('requests', () => {
  it('refuses a call outside the allowlist without any request', async () => {
    connect();
    fromGame(request('wallet.withdraw', { amount: 1_000 }));
    await answered();
    expect(posted[0]).toMatchObject({ type: 'response', id: 'r1', ok: false, status: 400 });
    expect((posted[0] as { body: { code: string } }).body.code).toBe('CALL_NOT_ALLOWED');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an allowed call with a malformed idempotency key as malformed, without any request', async () => {
    connect();
    fromGame(request('round.start', { betValue: 10, currency: 'gold' }, 'short'));
    await answered();
    expect(posted[0]).toMatchObject({ ok: false, status: 400, body: { code: 'INVALID_CALL_BODY' } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['round.start', { betValue: 'ten', currency: 'gold' }],
    ['round.start', { betValue: 10, currency: 'gold', extra: true }],
    ['round.act', { round_id: '../../users/me', action: { type: 'hit' } }],
    ['round.act', { round_id: 'rd_1' }],
    ['fairness.client_seed', { client_seed: 'has spaces' }],
    ['instant_win.redeem', { ticketId: 't', numScratched: -1, numSpots: 9 }],
    ['round.open', { anything: 1 }],
    // Solitaire's purchase is only open to the solitaire game.
    ['solitaire.purchase', { betValue: 1, currency: 'gold' }],
  ])('refuses %s with a malformed body without any request', async (call, body) => {
    connect();
    fromGame(request(call, body));
    await answered();
    expect(posted[0]).toMatchObject({ type: 'response', id: 'r1', ok: false, status: 400 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('answers offline at once, without any request', async () => {
    connect({ online: () => false });
    fromGame(request('round.start', { betValue: 10, currency: 'gold' }, 'game-key-0001'));
    await answered();
    expect(posted[0]).toMatchObject({ ok: false, status: 0, body: { code: 'OFFLINE' } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('makes the mapped call with the game idempotency key and answers with the API body', async () => {
    const options = connect();
    fromGame(request('round.start', { betValue: 10, currency: 'gold' }, 'game-key-0001'));
    await answered();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/games/jacks-or-better/rounds');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ betValue: 10, currency: 'gold' });
    const headers = init.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('game-key-0001');
    expect(headers['X-CSRF-Token']).toBe('test-csrf');
    expect(posted[0]).toEqual({ v: 1, type: 'response', id: 'r1', ok: true, status: 200, body: roundAnswer });
    expect(options.onAnswer).toHaveBeenCalledWith('round.start', roundAnswer);
  });

  it('passes the API error through as ok:false with its status and code', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(
        { status: 402, code: 'INSUFFICIENT_BALANCE', field: 'betValue', message: 'Not enough coins.' },
        402,
      ),
    );
    const options = connect();
    fromGame(request('round.start', { betValue: 10, currency: 'gold' }, 'game-key-0002'));
    await answered();
    expect(posted[0]).toMatchObject({
      ok: false,
      status: 402,
      body: { code: 'INSUFFICIENT_BALANCE', field: 'betValue', message: 'Not enough coins.' },
    });
    expect(options.onAnswer).not.toHaveBeenCalled();
  });

  it('answers status 0 when the network fails', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    connect();
    fromGame(request('round.open'));
    await answered();
    expect(posted[0]).toMatchObject({ ok: false, status: 0 });
  });
});

describe('mapping each allowed call to the API', () => {
  const bodies: Record<GameCall, Record<string, unknown> | undefined> = {
    'round.start': { betValue: 5, currency: 'sweeps', options: { lines: 10 } },
    'round.act': { round_id: 'rd_9', action: { type: 'draw', hold: [true, false] } },
    'round.open': undefined,
    'rounds.recent': undefined,
    'fairness.get': undefined,
    'fairness.client_seed': { client_seed: 'my-seed' },
    'fairness.rotate': undefined,
    'instant_win.purchase': { betValue: 1, currency: 'gold', gameId: 'someone-else' },
    'instant_win.redeem': { ticketId: 't-1', numScratched: 9, numSpots: 9, replayData: [0, 1] },
    'solitaire.purchase': { betValue: 2, currency: 'gold', noMovesBet: 1 },
  };
  const expected: Record<GameCall, { method: string; path: string; body?: unknown }> = {
    'round.start': {
      method: 'POST',
      path: '/games/g1/rounds',
      body: { betValue: 5, currency: 'sweeps', options: { lines: 10 } },
    },
    'round.act': {
      method: 'POST',
      path: '/games/g1/rounds/rd_9/actions',
      body: { action: { type: 'draw', hold: [true, false] } },
    },
    'round.open': { method: 'GET', path: '/games/g1/rounds/open' },
    'rounds.recent': { method: 'GET', path: '/games/g1/rounds/recent' },
    'fairness.get': { method: 'GET', path: '/games/fairness' },
    'fairness.client_seed': {
      method: 'PUT',
      path: '/games/fairness/client-seed',
      body: { client_seed: 'my-seed' },
    },
    'fairness.rotate': { method: 'POST', path: '/games/fairness/rotate', body: {} },
    // The frame's own game id replaces whatever the game sent.
    'instant_win.purchase': {
      method: 'POST',
      path: '/games/instant-win/purchase',
      body: { gameId: 'g1', betValue: 1, currency: 'gold' },
    },
    'instant_win.redeem': {
      method: 'POST',
      path: '/games/instant-win/redeem',
      body: { ticketId: 't-1', numScratched: 9, numSpots: 9, replayData: [0, 1] },
    },
    'solitaire.purchase': {
      method: 'POST',
      path: '/games/solitaire/purchase',
      body: { betValue: 2, currency: 'gold', noMovesBet: 1 },
    },
  };

  it.each([...GAME_CALLS])('%s', (call) => {
    const gameId = call === 'solitaire.purchase' ? HOUSE_GAME_IDS.solitaire : 'g1';
    const mapped = mapGameCall(gameId, call, bodies[call]);
    if (isRefused(mapped)) throw new Error(`refused: ${mapped.refused.message}`);
    const want = expected[call];
    expect({ method: mapped.method, path: mapped.path, body: mapped.body }).toEqual({
      ...want,
      path: want.path.replace('/g1/', `/${gameId}/`),
    });
  });
});

describe('currency swap and connectivity', () => {
  it('are posted once the game has loaded', () => {
    connect();
    bridge?.swapCurrency('sweeps');
    bridge?.setOnline(false);
    expect(posted).toEqual([]);
    fromGame({ v: 1, type: 'iframe_loaded' });
    bridge?.swapCurrency('sweeps');
    bridge?.setOnline(false);
    expect(posted.slice(1)).toEqual([
      { v: 1, type: 'currency_swap', currency: 'sweeps' },
      { v: 1, type: 'connectivity', online: false },
    ]);
  });
});
