import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HostToGameMessage } from '../../src/contract/game-messages.ts';
import { GameCallError, type HostBridge } from './host-bridge.ts';
import { shownErrorOf } from './shown-error.ts';
import { createActionKeys } from './use-action-keys.ts';
import { useHostSession } from './use-host-session.ts';
import { HOUSE_BET_STEPS } from '../../src/test-support/game-fixtures.ts';

function fakeBridge() {
  const listeners = new Set<(message: HostToGameMessage) => void>();
  const bridge: HostBridge = {
    init: {
      v: 1,
      type: 'init',
      game_id: 'klondike',
      currency: 'gold',
      balances: {
        balance_paid_ghc: 0,
        balance_free_ghc: 0,
        balance_redeemable_ghc: 0,
        balance_redeemable_available_ghc: 0,
        balance_total_ghc: 0,
        balance_total_gld: 0,
      },
      online: true,
      reduced_motion: true,
      bet_steps: HOUSE_BET_STEPS,
    },
    call: vi.fn(),
    report: vi.fn(),
    navigate: vi.fn(),
    onHostMessage: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const send = (message: HostToGameMessage) => act(() => listeners.forEach((listener) => listener(message)));
  return { bridge, send };
}

describe('useHostSession', () => {
  it('starts from the init message, follows connectivity and answers each currency swap once', () => {
    const { bridge, send } = fakeBridge();
    const onSwap = vi.fn();
    const { result } = renderHook(() => useHostSession(bridge, onSwap));
    expect(result.current).toEqual({ currency: 'gold', online: true });

    send({ v: 1, type: 'connectivity', online: false });
    expect(result.current.online).toBe(false);

    send({ v: 1, type: 'currency_swap', currency: 'sweeps' });
    expect(result.current.currency).toBe('sweeps');
    expect(onSwap).toHaveBeenCalledWith('sweeps');
    expect(bridge.report).toHaveBeenCalledTimes(1);
    expect(bridge.report).toHaveBeenCalledWith('currency_swap_success', { currency: 'sweeps' });
  });
});

describe('createActionKeys', () => {
  it('sends a lost action again with its first key and body, and lets the key go on an answer', async () => {
    const { bridge } = fakeBridge();
    const call = vi.mocked(bridge.call);
    const keys = createActionKeys(bridge);
    call.mockRejectedValueOnce(new GameCallError(0, 'NETWORK_ERROR', 'lost', null));
    await expect(
      keys.send('deal', { call: 'round.start', body: { betValue: 100, currency: 'gold' } }),
    ).rejects.toThrow('lost');
    call.mockResolvedValueOnce({ ok: 1 });
    // Pressed again with another bet: the pending deal goes again as it was first sent.
    const sent = await keys.send('deal', { call: 'round.start', body: { betValue: 500, currency: 'gold' } });
    expect(sent.request.body).toEqual({ betValue: 100, currency: 'gold' });
    const [first, second] = call.mock.calls;
    expect(second?.[2]).toBe(first?.[2]);
    expect(second?.[1]).toEqual({ betValue: 100, currency: 'gold' });

    call.mockResolvedValueOnce({ ok: 2 });
    await keys.send('deal', { call: 'round.start', body: { betValue: 500, currency: 'gold' } });
    expect(call.mock.calls[2]?.[2]).not.toBe(first?.[2]);
    expect(await keys.pending()).toEqual([]);
  });

  it('keeps a pending action for the page that opens next (a reload), and drops it on a final refusal', async () => {
    const { bridge } = fakeBridge();
    const call = vi.mocked(bridge.call);
    call.mockRejectedValueOnce(new GameCallError(503, 'UNAVAILABLE', 'down', null));
    await expect(
      createActionKeys(bridge).send('act:r1', { call: 'round.act', body: { round_id: 'r1' } }),
    ).rejects.toThrow();
    const reloaded = createActionKeys(bridge);
    const [pending] = await reloaded.pending();
    expect(pending?.action).toBe('act:r1');
    expect(pending?.key).toBe(call.mock.calls[0]?.[2]);

    call.mockRejectedValueOnce(new GameCallError(409, 'ROUND_FINISHED', 'done', null));
    await expect(reloaded.send('act:r1', { call: 'round.act', body: { round_id: 'r1' } })).rejects.toThrow();
    expect(await reloaded.pending()).toEqual([]);
  });
});

describe('shownErrorOf', () => {
  it('shows the refusal as the API worded it, and a fallback for anything else', () => {
    expect(shownErrorOf(new GameCallError(400, 'BET_NOT_ALLOWED', 'Pick a listed bet.', 'betValue'))).toEqual(
      {
        code: 'BET_NOT_ALLOWED',
        message: 'Pick a listed bet.',
      },
    );
    expect(shownErrorOf(new Error('boom'))).toEqual({
      code: 'ERROR',
      message: 'Something went wrong. Please try again.',
    });
    expect(shownErrorOf(new Error('boom'), 'Check your connection.').message).toBe('Check your connection.');
  });
});
