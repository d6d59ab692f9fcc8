import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStore, store } from '../state/store.ts';
import { closeGame, openGame } from '../state/game-actions.ts';
import { useInactivitySignOut } from './use-inactivity-sign-out.ts';

const logout = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../state/session-actions.ts', () => ({ logout }));

describe('useInactivitySignOut', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetStore();
    store.session.status = 'signed-in';
    logout.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('signs out after the timeout without activity on an ordinary page', () => {
    renderHook(() => useInactivitySignOut('60'));
    act(() => void vi.advanceTimersByTime(61_000));
    expect(logout).toHaveBeenCalledWith({ reason: 'inactivity' });
  });

  it('does not sign out while a game page is open (play in the frame raises no events on the page), and watches again after it closes', async () => {
    await act(async () => openGame('blackjack', []));
    renderHook(() => useInactivitySignOut('60'));
    act(() => void vi.advanceTimersByTime(10 * 60_000));
    expect(logout).not.toHaveBeenCalled();
    await act(async () => closeGame());
    act(() => void vi.advanceTimersByTime(61_000));
    expect(logout).toHaveBeenCalledTimes(1);
  });
});
