import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import {
  DAILY_BONUS_API_PATHS,
  DAILY_BONUS_ERROR_CODES,
  DAILY_BONUS_TEXTS,
  dailyBonusPrize,
  type DailyBonusPlayResponse,
  type DailyBonusState,
} from '../../contract/daily-bonus.ts';
import { API_PATHS } from '../../contract/api-paths.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { swrConfig } from '../../lib/swr.tsx';
import { closeDialogsOnNavigation, openDialog } from '../../state/dialog-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { apiError, stubApi } from '../../test-support/stub-api.ts';
import { BonusWheel, landingRotation, WHEEL_SPIN_MS } from './bonus-wheel.tsx';
import { DailyBonusDialog } from './daily-bonus-dialog.tsx';
import DailyBonusPage from './daily-bonus-page.tsx';
import { formatEasternDateTime, formatTimeUntil, nextBonusText } from './next-bonus-time.ts';

const balances = (gold: number, free: number) => ({
  balance_paid_ghc: 0,
  balance_free_ghc: free,
  balance_redeemable_ghc: 0,
  balance_redeemable_available_ghc: 0,
  balance_total_ghc: free,
  balance_total_gld: gold,
});

const payTable = Array.from({ length: 7 }, (_, d) => ({
  day: d + 1,
  prizes: Array.from({ length: 8 }, (_, s) => {
    const p = dailyBonusPrize(d + 1, s, false);
    return { prize_gld: p.gold, prize_ghc: p.sweepsCents / 100 };
  }),
  expected_gld: 725,
  expected_ghc: 0.15,
}));

function bonusState(overrides: Partial<DailyBonusState> = {}): DailyBonusState {
  return {
    enabled: true,
    eligible: true,
    last_claimed_date: null,
    last_claimed_day: null,
    next_eligible_date: new Date(Date.now() - 3_600_000).toISOString(),
    next_eligible_day: '2026-11-22',
    seconds_until_eligible: 0,
    current_streak: 0,
    longest_streak: 0,
    next_streak_day: 1,
    pay_table: payTable,
    prize_ghc: 0,
    prize_gld: 0,
    fairness: { server_seed_hash: 'a'.repeat(64), client_seed: 'abc', next_nonce: 3 },
    last_spin: null,
    ...overrides,
  };
}

const spin = {
  claimed_at: '2026-11-22T17:00:00.000Z',
  et_day: '2026-11-22',
  streak: 1,
  streak_day: 1,
  segment: 5,
  prize_gld: 2000,
  prize_ghc: 0.4,
  gold_only: false,
  server_seed_hash: 'a'.repeat(64),
  client_seed: 'abc',
  nonce: 3,
  server_seed: null,
};

const playAnswer: DailyBonusPlayResponse = {
  prize_gld: 2000,
  prize_ghc: 0.4,
  segment: 5,
  streak_day: 1,
  current_streak: 1,
  longest_streak: 1,
  next_eligible_date: new Date(Date.now() + 5 * 3_600_000).toISOString(),
  next_eligible_day: '2026-11-23',
  spin,
  balances: balances(2000, 0.4),
  pre_prize_balances: balances(0, 0),
};

const reduceMotion = (matches: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

const renderPage = (path = '/buy-coins/daily-bonus') =>
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
      <MemoryRouter initialEntries={[path]}>
        <DailyBonusPage />
      </MemoryRouter>
    </SWRConfig>,
  );

const events = () => ((globalThis as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).slice();

describe('next bonus time', () => {
  it('says hours and minutes (rounded up) and the Eastern date and time', () => {
    expect(formatTimeUntil(5 * 3600 + 12 * 60)).toBe('5 h 12 min');
    expect(formatTimeUntil(5 * 3600 + 11 * 60 + 1)).toBe('5 h 12 min');
    expect(formatTimeUntil(3600)).toBe('1 h');
    expect(formatTimeUntil(12 * 60)).toBe('12 min');
    expect(formatTimeUntil(30)).toBe('less than a minute');
    expect(nextBonusText('2026-11-23T05:00:00.000Z', Date.parse('2026-11-22T23:48:00.000Z'))).toBe(
      'Next bonus in 5 h 12 min',
    );
    expect(nextBonusText('2026-11-23T05:00:00.000Z', Date.parse('2026-11-23T05:00:00.000Z'))).toBe(
      'Your next bonus is ready.',
    );
    expect(formatEasternDateTime('2026-11-23T05:00:00.000Z')).toBe('Mon, Nov 23, 12:00 AM ET');
    // Summer time: midnight EDT is 04:00 UTC.
    expect(formatEasternDateTime('2026-07-02T04:00:00.000Z')).toBe('Thu, Jul 2, 12:00 AM ET');
  });
});

describe('the wheel', () => {
  it('stops with the spun segment under the pointer, always turning forward', () => {
    for (let s = 0; s < 8; s++) {
      const r = landingRotation(1, s);
      // The segment's middle, (s + 0.5) × 45° clockwise from the top, is turned back to the top.
      expect((((r + (s + 0.5) * 45) % 360) + 360) % 360).toBe(0);
      expect(landingRotation(2, 7 - s)).toBeGreaterThan(r + 360);
    }
  });
});

describe('the wheel and reduced motion', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  const wheel = (reducedMotion: boolean, onStopped: () => void) =>
    render(
      <BonusWheel
        goldPrizes={payTable[0]!.prizes.map((p) => p.prize_gld)}
        landOn={5}
        spinId={1}
        reducedMotion={reducedMotion}
        onStopped={onStopped}
      />,
    );

  it('turns for WHEEL_SPIN_MS before the result, with a transition', () => {
    vi.useFakeTimers();
    const stopped = vi.fn();
    wheel(false, stopped);
    const svg = screen.getByTestId('daily-bonus-wheel').querySelector('svg')!;
    expect(svg.getAttribute('class')).toMatch(/\s/);
    expect(svg.style.transform).toBe(`rotate(${landingRotation(1, 5)}deg)`);
    act(() => vi.advanceTimersByTime(WHEEL_SPIN_MS - 1));
    expect(stopped).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(stopped).toHaveBeenCalledOnce();
  });

  it('with reduced motion: no transition, the result at once', () => {
    vi.useFakeTimers();
    const stopped = vi.fn();
    wheel(true, stopped);
    const svg = screen.getByTestId('daily-bonus-wheel').querySelector('svg')!;
    expect(svg.getAttribute('class')).not.toMatch(/\s/);
    act(() => vi.advanceTimersByTime(0));
    expect(stopped).toHaveBeenCalledOnce();
  });
});

describe('DailyBonusPage', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    store.session.status = 'signed-in';
    store.session.token = 'jwt';
    (globalThis as { dataLayer?: unknown[] }).dataLayer = [];
    reduceMotion(true);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the pay table of the next streak day before the spin, and the Spin button', async () => {
    stubApi({
      [DAILY_BONUS_API_PATHS.state]: {
        status: 200,
        body: bonusState({ next_streak_day: 3, current_streak: 2 }),
      },
    });
    renderPage();
    const table = await screen.findByTestId('daily-bonus-pay-table');
    expect(table.querySelectorAll('li')).toHaveLength(8);
    expect(table.textContent).toContain('3,000 Gold Coins and 0.60 Sweeps Coins');
    expect(screen.getByTestId('daily-bonus-day').textContent).toBe('3');
    expect(screen.getByTestId('daily-bonus-streak').textContent).toBe('2');
    expect(screen.getByTestId('daily-bonus-spin').textContent).toBe(DAILY_BONUS_TEXTS.spin);
  });

  it('a spin: POST with an Idempotency-Key, the header shows the balance without the prize then the prize, the result is announced and the dialog opens; spin pushed to analytics', async () => {
    const keys: string[] = [];
    const calls = stubApi({
      [DAILY_BONUS_API_PATHS.state]: [
        { status: 200, body: bonusState() },
        {
          status: 200,
          body: bonusState({
            eligible: false,
            last_spin: spin,
            prize_gld: 2000,
            prize_ghc: 0.4,
            current_streak: 1,
            longest_streak: 1,
            next_eligible_date: playAnswer.next_eligible_date,
          }),
        },
      ],
      [DAILY_BONUS_API_PATHS.play]: { status: 200, body: playAnswer },
    });
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      const key = (init.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
      if (key) keys.push(key);
      return inner(input, init);
    });
    renderPage('/buy-coins/daily-bonus?source=shortcut');
    fireEvent.click(await screen.findByTestId('daily-bonus-spin'));
    await waitFor(() => expect(store.dialogs.stack).toHaveLength(1));
    expect(calls.find((c) => c.path === DAILY_BONUS_API_PATHS.play)).toMatchObject({ method: 'POST' });
    expect(keys).toHaveLength(1);
    expect(store.dialogs.stack[0]).toMatchObject({
      kind: 'daily-bonus',
      props: { outcome: 'claimed', prize_gld: 2000, prize_ghc: 0.4, streak: 1 },
    });
    await waitFor(() => expect(store.balances.current?.balance_total_gld).toBe(2000));
    expect(screen.getByTestId('daily-bonus-live').textContent).toBe(
      'The wheel stopped. You won 2,000 Gold Coins and 0.40 Sweeps Coins.',
    );
    expect(events().find((e) => e.event === 'daily_bonus_spin')).toMatchObject({
      streak_day: 1,
      source: 'shortcut',
    });
    // After the spin: today's prize and when the next one opens.
    expect((await screen.findByTestId('daily-bonus-next')).textContent).toMatch(
      /^Next bonus in 5 h( \d+ min)?/,
    );
  });

  it('today already spun: the next time in hours and minutes and the Eastern time, no Spin button', async () => {
    const next = new Date(Date.now() + (5 * 3600 + 11 * 60 + 30) * 1000).toISOString();
    stubApi({
      [DAILY_BONUS_API_PATHS.state]: {
        status: 200,
        body: bonusState({
          eligible: false,
          last_spin: spin,
          prize_gld: 2000,
          prize_ghc: 0.4,
          next_eligible_date: next,
        }),
      },
    });
    renderPage();
    const line = await screen.findByTestId('daily-bonus-next');
    expect(line.textContent).toBe(`Next bonus in 5 h 12 min (${formatEasternDateTime(next)})`);
    expect(screen.getByTestId('daily-bonus-claimed').textContent).toContain(
      '2,000 Gold Coins and 0.40 Sweeps Coins',
    );
    expect(screen.queryByTestId('daily-bonus-spin')).toBeNull();
  });

  it('a second spin refused by the server shows its explanation, reloads the state and the balances', async () => {
    const calls = stubApi({
      [DAILY_BONUS_API_PATHS.state]: [
        { status: 200, body: bonusState() },
        { status: 200, body: bonusState({ eligible: false }) },
      ],
      [DAILY_BONUS_API_PATHS.play]: apiError(
        409,
        DAILY_BONUS_ERROR_CODES.DAILY_BONUS_ALREADY_CLAIMED,
        DAILY_BONUS_TEXTS.alreadyClaimed,
      ),
      // The first spin's answer was lost: the balances with its prize are read again.
      [API_PATHS.balances]: { status: 200, body: balances(2000, 0.4) },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('daily-bonus-spin'));
    expect((await screen.findByTestId('daily-bonus-refusal')).textContent).toBe(
      DAILY_BONUS_TEXTS.alreadyClaimed,
    );
    await waitFor(() => expect(calls.filter((c) => c.path === DAILY_BONUS_API_PATHS.state)).toHaveLength(2));
    await waitFor(() => expect(store.balances.current?.balance_total_gld).toBe(2000));
    expect(store.dialogs.stack).toHaveLength(0);
  });

  it('property off: the Daily Bonus Unavailable dialog and no Spin button; a spin refused as disabled opens it too', async () => {
    stubApi({
      [DAILY_BONUS_API_PATHS.state]: { status: 200, body: bonusState({ enabled: false, eligible: false }) },
    });
    renderPage();
    await screen.findByTestId('daily-bonus-unavailable');
    expect(store.dialogs.stack[0]).toMatchObject({ kind: 'daily-bonus', props: { outcome: 'unavailable' } });
    expect(screen.queryByTestId('daily-bonus-spin')).toBeNull();
    cleanup();
    resetStore();
    stubApi({
      [DAILY_BONUS_API_PATHS.state]: { status: 200, body: bonusState() },
      [DAILY_BONUS_API_PATHS.play]: apiError(
        403,
        DAILY_BONUS_ERROR_CODES.DAILY_BONUS_DISABLED,
        DAILY_BONUS_TEXTS.unavailable,
      ),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('daily-bonus-spin'));
    await waitFor(() =>
      expect(store.dialogs.stack[0]).toMatchObject({
        kind: 'daily-bonus',
        props: { outcome: 'unavailable' },
      }),
    );
  });

  it('a server failure: the spec failure text on the page, and in the dialog when the spin fails', async () => {
    stubApi({ [DAILY_BONUS_API_PATHS.state]: apiError(500, 'INTERNAL_ERROR', 'boom') });
    renderPage();
    expect((await screen.findByTestId('daily-bonus-failure')).textContent).toBe(DAILY_BONUS_TEXTS.failure);
    cleanup();
    resetStore();
    resetApiClientState();
    stubApi({
      [DAILY_BONUS_API_PATHS.state]: { status: 200, body: bonusState() },
      [DAILY_BONUS_API_PATHS.play]: apiError(500, 'INTERNAL_ERROR', 'boom'),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('daily-bonus-spin'));
    await waitFor(() =>
      expect(store.dialogs.stack[0]).toMatchObject({ kind: 'daily-bonus', props: { outcome: 'error' } }),
    );
  });

  it('offline: the spin needs a connection (button disabled, said in words)', async () => {
    stubApi({ [DAILY_BONUS_API_PATHS.state]: { status: 200, body: bonusState() } });
    renderPage();
    await screen.findByTestId('daily-bonus-spin');
    act(() => {
      Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
      window.dispatchEvent(new Event('offline'));
    });
    try {
      await waitFor(() =>
        expect((screen.getByTestId('daily-bonus-spin') as HTMLButtonElement).disabled).toBe(true),
      );
      expect(screen.getByTestId('daily-bonus-offline').textContent).toBe(DAILY_BONUS_TEXTS.offline);
    } finally {
      act(() => {
        Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
        window.dispatchEvent(new Event('online'));
      });
    }
  });
});

describe('DailyBonusDialog', () => {
  beforeEach(() => {
    resetStore();
    (globalThis as { dataLayer?: unknown[] }).dataLayer = [];
  });
  afterEach(() => cleanup());

  it("says 'Daily Bonus Unavailable' when off, closes with { bonusClaimed: false } and pushes the close event", () => {
    const close = vi.fn();
    render(
      <MemoryRouter>
        <DailyBonusDialog id={1} props={{ outcome: 'unavailable' }} close={close} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('dialog', { name: DAILY_BONUS_TEXTS.unavailableTitle })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(close).toHaveBeenCalledWith({ bonusClaimed: false });
    expect(events()).toEqual([expect.objectContaining({ event: 'daily_bonus_close', bonus_claimed: false })]);
  });

  it('shows the prize, the streak and the next Eastern time; Done closes with { bonusClaimed: true }', () => {
    const close = vi.fn();
    render(
      <MemoryRouter>
        <DailyBonusDialog
          id={1}
          props={{
            outcome: 'claimed',
            prize_gld: 1000,
            prize_ghc: 0.24,
            streak: 3,
            next_eligible_date: '2026-11-23T05:00:00.000Z',
          }}
          close={close}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('daily-bonus-dialog-prize').textContent).toBe(
      'You won 1,000 Gold Coins and 0.24 Sweeps Coins!',
    );
    expect(screen.getByRole('dialog').textContent).toContain('Streak: 3 days in a row.');
    expect(screen.getByRole('dialog').textContent).toContain('Mon, Nov 23, 12:00 AM ET');
    fireEvent.click(screen.getByTestId('daily-bonus-dialog-done'));
    expect(close).toHaveBeenCalledWith({ bonusClaimed: true });
    expect(events()[0]).toMatchObject({ event: 'daily_bonus_close', bonus_claimed: true });
  });

  it('the failure dialog has the spec text, and the dialog closes on navigation', () => {
    render(
      <MemoryRouter>
        <DailyBonusDialog id={1} props={{ outcome: 'error' }} close={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('daily-bonus-dialog-message').textContent).toBe(
      'There was an error in getting the daily bonus game. Please try again later.',
    );
    openDialog('daily-bonus', { outcome: 'error' });
    closeDialogsOnNavigation();
    expect(store.dialogs.stack).toHaveLength(0);
  });
});
