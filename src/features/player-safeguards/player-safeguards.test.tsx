import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { resetApiClientState } from '../../lib/api-client.ts';
import { clearLocalSession, completeLogin } from '../../state/session-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { loginAnswer, stubApi } from '../../test-support/stub-api.ts';
import { PlayerSafeguards } from './player-safeguards.tsx';

const NONE = { play_restriction: null, play_restricted_until: null, reality_check_minutes: null };
const pending = (results: unknown[]) => ({ status: 200, body: { results } });
const TERMS = {
  type: 'terms_conditions',
  version: 2,
  title: 'Terms and Conditions',
  body: 'Terms.',
  scroll_required: true,
  timestamp_created: '2026-11-22T12:00:00Z',
};

function renderAt(path: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <PlayerSafeguards />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('PlayerSafeguards', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    clearLocalSession();
    vi.unstubAllGlobals();
  });

  it('opens the updated-terms dialog when a document awaits acceptance', async () => {
    stubApi({
      '/legal-acceptances/pending': pending([TERMS]),
      '/responsible-play': { status: 200, body: NONE },
    });
    completeLogin(loginAnswer());
    renderAt('/lobby');
    await waitFor(() => expect(store.dialogs.stack.map((d) => d.kind)).toEqual(['updated-terms']));
  });

  it('asks nothing when everything is accepted, and nothing while signed out', async () => {
    const calls = stubApi({
      '/legal-acceptances/pending': pending([]),
      '/responsible-play': { status: 200, body: NONE },
    });
    renderAt('/lobby');
    expect(calls).toHaveLength(0);
    cleanup();
    completeLogin(loginAnswer());
    renderAt('/lobby');
    await waitFor(() => expect(calls.some((c) => c.path === '/legal-acceptances/pending')).toBe(true));
    expect(store.dialogs.stack).toHaveLength(0);
  });

  it('opens the reality check at the next multiple of the interval since the session started', async () => {
    const now = Date.now();
    stubApi({
      '/legal-acceptances/pending': pending([]),
      '/responsible-play': { status: 200, body: { ...NONE, reality_check_minutes: 15 } },
      '/responsible-play/session': {
        status: 200,
        body: {
          // 300 ms before the 15-minute mark, by the server's clock.
          started_at: new Date(now - 15 * 60_000 + 300).toISOString(),
          now: new Date(now).toISOString(),
          minutes_played: 14,
          results: [],
          reality_check_minutes: 15,
        },
      },
    });
    completeLogin(loginAnswer());
    renderAt('/lobby');
    await waitFor(() => expect(store.dialogs.stack.map((d) => d.kind)).toEqual(['reality-check']), {
      timeout: 3_000,
    });
  });

  it('runs no reality check while it is off', async () => {
    const calls = stubApi({
      '/legal-acceptances/pending': pending([]),
      '/responsible-play': { status: 200, body: NONE },
    });
    completeLogin(loginAnswer());
    renderAt('/lobby');
    await waitFor(() => expect(calls.some((c) => c.path === '/responsible-play')).toBe(true));
    expect(calls.some((c) => c.path === '/responsible-play/session')).toBe(false);
    expect(store.dialogs.stack).toHaveLength(0);
  });

  it('says on the lobby and game pages, not elsewhere, until when a break runs', () => {
    stubApi({ '/legal-acceptances/pending': pending([]) });
    completeLogin(
      loginAnswer({
        play_restriction: 'break',
        play_restricted_until: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    renderAt('/lobby');
    expect(screen.getByTestId('play-restriction-banner').textContent).toMatch(
      /^You are taking a break from play until .+ ET\. You can still redeem and read your history\./,
    );
    cleanup();
    renderAt('/quick-play-games/games/lucky-scratch');
    expect(screen.getByTestId('play-restriction-banner')).toBeTruthy();
    cleanup();
    renderAt('/my-account');
    expect(screen.queryByTestId('play-restriction-banner')).toBeNull();
    cleanup();
    // An ended break says nothing.
    completeLogin(loginAnswer({ play_restriction: 'break', play_restricted_until: '2020-01-01T00:00:00Z' }));
    renderAt('/lobby');
    expect(screen.queryByTestId('play-restriction-banner')).toBeNull();
  });
});
