import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore } from '../../state/store.ts';
import { stubApi } from '../../test-support/stub-api.ts';
import { RealityCheckDialog } from './reality-check-dialog.tsx';

describe('RealityCheckDialog', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the time played and the net result per currency, and offers Continue, View history, Take a break', async () => {
    stubApi({
      '/responsible-play/session': {
        status: 200,
        body: {
          started_at: '2026-11-22T12:00:00.000Z',
          now: '2026-11-22T13:05:00.000Z',
          minutes_played: 65,
          results: [
            { currency: 'gold', bets: 1200, wins: 900, net: -300 },
            { currency: 'sweeps', bets: 2.5, wins: 4, net: 1.5 },
          ],
          reality_check_minutes: 30,
        },
      },
    });
    const close = vi.fn();
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <RealityCheckDialog id={1} props={{}} close={close} />
      </SWRConfig>,
    );
    expect((await screen.findByText(/You have been playing for/)).textContent).toMatch(
      /^You have been playing for 1 hour 5 minutes since you signed in at /,
    );
    const figures = screen.getByTestId('reality-check-figures').textContent ?? '';
    expect(figures).toContain('Gold Coins net result−300 (bets 1,200, wins 900)');
    expect(figures).toContain('Sweeps Coins net result+1.50 (bets 2.50, wins 4.00)');
    for (const name of ['Continue', 'View history', 'Take a break'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(close).toHaveBeenCalledWith({ action: 'continue' });
  });
});
