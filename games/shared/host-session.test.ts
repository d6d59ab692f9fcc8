import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HostToGameMessage } from '../../src/contract/game-messages.ts';
import { GameCallError, type HostBridge } from './host-bridge.ts';
import { shownErrorOf } from './shown-error.ts';
import { createActionKeys } from './use-action-keys.ts';
import { useHostSession } from './use-host-session.ts';

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
  it('keeps a key while the outcome is unknown and lets it go on an answer or a final refusal', () => {
    const keys = createActionKeys();
    const first = keys.keyFor('deal');
    keys.failed('deal', new GameCallError(0, 'NETWORK', 'lost', null));
    keys.failed('deal', new GameCallError(503, 'UNAVAILABLE', 'down', null));
    expect(keys.keyFor('deal')).toBe(first);

    keys.failed('deal', new GameCallError(409, 'ROUND_ALREADY_OPEN', 'open', null));
    const second = keys.keyFor('deal');
    expect(second).not.toBe(first);

    keys.settle('deal');
    expect(keys.keyFor('deal')).not.toBe(second);
  });

  it('gives the same key to each of several presses sent while the first is in flight', () => {
    const keys = createActionKeys();
    const burst = Array.from({ length: 5 }, () => keys.keyFor('spin:gold:100'));
    expect(new Set(burst).size).toBe(1);
    expect(keys.keyFor('spin:gold:200')).not.toBe(burst[0]);
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
