import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { resetApiClientState } from '../../lib/api-client.ts';
import { completeLogin, clearLocalSession } from '../../state/session-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { apiError, loginAnswer, stubApi } from '../../test-support/stub-api.ts';
import { ResponsiblePlaySection } from './responsible-play-section.tsx';

const NONE = { play_restriction: null, play_restricted_until: null, reality_check_minutes: null };
const UNTIL = '2026-12-01T17:00:00.000Z';

function renderSection() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>
        <ResponsiblePlaySection />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('ResponsiblePlaySection', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    stubApi({});
    completeLogin(loginAnswer());
  });
  afterEach(() => {
    cleanup();
    clearLocalSession();
    vi.unstubAllGlobals();
  });

  it('takes a break after a confirmation that says what it stops, then shows what remains open', async () => {
    const calls = stubApi({
      '/responsible-play': { status: 200, body: NONE },
      '/responsible-play/restriction': {
        status: 201,
        body: { ...NONE, play_restriction: 'break', play_restricted_until: UNTIL },
      },
    });
    renderSection();
    expect(screen.getByRole('heading', { name: 'Responsible play' }).id).toBe('responsible-play');
    fireEvent.click(screen.getByRole('radio', { name: '1 week' }));
    fireEvent.click(screen.getByRole('button', { name: 'Take a break' }));
    const dialog = await screen.findByTestId('dialog-confirm-restriction');
    expect(dialog.textContent).toContain('a break of 1 week');
    expect(dialog.textContent).toContain('you cannot start games, buy coins or claim bonuses');
    expect(dialog.textContent).toContain('cannot be shortened or lifted');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm break' }));
    const status = await screen.findByTestId('responsible-play-status');
    expect(status.textContent).toContain('You are taking a break from play until Dec 1, 2026, 12:00 PM ET.');
    expect(screen.getByRole('link', { name: 'Redeem your Sweeps Coins' }).getAttribute('href')).toBe(
      '/my-account#my-sweeps-coins',
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ restriction: 'break', hours: 168 });
    // The session's user shows the break at once (the lobby banner reads it).
    expect(store.session.user?.play_restriction).toBe('break');
    expect(store.session.user?.play_restricted_until).toBe(UNTIL);
  });

  it('checks a custom number of days, sends permanent self-exclusion as months null, and shows a refusal', async () => {
    const calls = stubApi({
      '/responsible-play': { status: 200, body: NONE },
      '/responsible-play/restriction': apiError(
        409,
        'RESTRICTION_CANNOT_BE_SHORTENED',
        'Your current restriction cannot be shortened or lifted. You can only make it longer.',
      ),
    });
    renderSection();
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    fireEvent.change(screen.getByLabelText(/Number of days/), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take a break' }));
    expect(screen.getByTestId('responsible-play-error').textContent).toMatch(/1 to 42 days/);
    expect(screen.queryByTestId('dialog-confirm-restriction')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Permanently' }));
    fireEvent.click(screen.getByRole('button', { name: 'Exclude myself' }));
    expect((await screen.findByTestId('dialog-confirm-restriction')).textContent).toContain(
      'permanent self-exclusion',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm self-exclusion' }));
    await waitFor(() =>
      expect(screen.getByTestId('responsible-play-error').textContent).toContain('cannot be shortened'),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      restriction: 'self_exclusion',
      months: null,
    });
  });

  it('stores the reality check interval', async () => {
    const calls = stubApi({
      '/responsible-play': { status: 200, body: NONE },
      '/responsible-play/reality-check': { status: 200, body: { ...NONE, reality_check_minutes: 30 } },
    });
    renderSection();
    const select = screen.getByTestId('reality-check-select') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.change(select, { target: { value: '30' } });
    expect(await screen.findByText('Saved: Every 30 minutes.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ minutes: 30 });
  });
});
