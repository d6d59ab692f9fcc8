/**
 * The Daily Bonus page (buy-coins/daily-bonus; the menu's Daily Bonus and the manifest's
 * shortcut). Shows the pay table of the player's next streak day, the wheel and its Spin button.
 * The server decides the spin (provably fair); the wheel turns to the segment it names, the
 * header shows the balance without the prize until the wheel stops and then animates to it
 * (delayed balances), the result is announced in a live region and the daily bonus dialog opens.
 * Once today's spin is taken: "Next bonus in 5 h 12 min" and the Eastern time it opens.
 * The spin needs a connection; the named property off shows 'Daily Bonus Unavailable'.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import {
  DAILY_BONUS_ERROR_CODES,
  DAILY_BONUS_MAX_STREAK_DAY,
  DAILY_BONUS_TEXTS,
  type DailyBonusPlayResponse,
  type DailyBonusSpin,
  type DailyBonusState,
} from '../../contract/daily-bonus.ts';
import { trackEvent } from '../../lib/analytics.ts';
import { isApiError } from '../../lib/api-client.ts';
import { formatGold, formatSweeps } from '../../contract/money.ts';
import { useOnline } from '../../pwa/online-status.ts';
import { landPendingAndReloadBalances, setBalancesWithDelay } from '../../state/balances-actions.ts';
import { openDialog, openDialogOnce } from '../../state/dialog-actions.ts';
import { useGoldOnly } from '../../state/use-gold-only.ts';
import { store } from '../../state/store.ts';
import { sweepsHoldOfUser } from '../../contract/sweeps-hold.ts';
import { LazySweepsHoldNotice } from '../../ui/sweeps-hold-notice-lazy.tsx';
import { sendOnce } from '../../state/player-actions.ts';
import { Button } from '../../ui/button.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { usePrefersReducedMotion } from '../../ui/use-prefers-reduced-motion.ts';
import { playDailyBonus, useDailyBonusState } from './api.ts';
import { BonusWheel, WHEEL_SPIN_MS } from './bonus-wheel.tsx';
import { prizeText } from './prize-text.ts';
import { formatEasternDateTime, nextBonusText } from './next-bonus-time.ts';
import { DAILY_BONUS_DIALOG } from './register-daily-bonus-dialog.ts';

const payList = css`
  list-style: none;
  padding: 0;
  margin: 0 0 var(--space-4);
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: var(--space-2);
  & li {
    border: 1px solid var(--color-border);
    border-radius: var(--radius-md);
    padding: var(--space-2);
    font-size: 0.9rem;
  }
  & li[data-won='true'] {
    border-color: var(--color-gold);
    box-shadow: 0 0 0 2px var(--color-gold);
  }
`;
const facts = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2) var(--space-4);
  margin: 0 0 var(--space-3);
  & dt {
    font-weight: 600;
  }
  & div {
    display: flex;
    gap: var(--space-1);
  }
  & dd {
    margin: 0;
  }
`;
const small = css`
  font-size: 0.85rem;
  color: var(--color-text-muted);
  overflow-wrap: anywhere;
`;
/** A verify result may name 64-digit hashes: they wrap at 360 px. */
const wrapAnywhere = css`
  overflow-wrap: anywhere;
`;

/** The time now to the second, read again every 30 s (so "Next bonus in …" keeps counting down). */
function subscribeClock(onTick: () => void): () => void {
  const timer = setInterval(onTick, 30_000);
  return () => clearInterval(timer);
}
const nowToTheSecond = (): number => Math.floor(Date.now() / 1000) * 1000;

type Landing = { answer: DailyBonusPlayResponse; spinId: number };

export default function DailyBonusPage() {
  const { data, error, isLoading, mutate } = useDailyBonusState();
  const online = useOnline();
  const goldOnlyMode = useGoldOnly();
  const { user } = useSnapshot(store.session);
  // A resident of a state without Sweeps spins the Gold wheel (the server pays Gold only).
  const sweepsHold = user ? sweepsHoldOfUser(user) : null;
  const goldOnly = goldOnlyMode || sweepsHold?.kind === 'state';
  const reducedMotion = usePrefersReducedMotion();
  const [params] = useSearchParams();
  const [pending, setPending] = useState(false);
  const [landing, setLanding] = useState<Landing | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const shownUnavailable = useRef(false);
  const now = useSyncExternalStore(subscribeClock, nowToTheSecond);

  useEffect(() => {
    if (data && !data.enabled && !shownUnavailable.current) {
      shownUnavailable.current = true;
      openDialogOnce(DAILY_BONUS_DIALOG, { outcome: 'unavailable' });
    }
  }, [data]);

  const onStopped = useCallback(() => {
    if (!landing) return;
    const { answer } = landing;
    setAnnouncement(`The wheel stopped. You won ${prizeText(answer.prize_gld, answer.prize_ghc, goldOnly)}.`);
    openDialog(DAILY_BONUS_DIALOG, {
      outcome: 'claimed',
      prize_gld: answer.prize_gld,
      prize_ghc: answer.prize_ghc,
      streak: answer.current_streak,
      next_eligible_date: answer.next_eligible_date,
    });
    setPending(false);
    void mutate();
  }, [landing, goldOnly, mutate]);

  async function spin(state: DailyBonusState) {
    setPending(true);
    setRefusal(null);
    setAnnouncement(DAILY_BONUS_TEXTS.spinning);
    trackEvent('daily_bonus_spin', {
      streak_day: state.next_streak_day,
      source: params.get('source') ?? 'page',
    });
    try {
      // One key per spin until its outcome is known, kept across reloads (state/player-actions.ts):
      // a spin whose answer was lost is replayed on the server, never spun twice. A lost answer is
      // asked for again twice at once, so the wheel lands instead of leaving the player unsure.
      // The action is today's spin (the Eastern day it is allowed on): a try left pending on
      // another day is never sent for this one.
      const answer = await sendOnce(`daily-bonus:${state.next_eligible_day}`, {}, (key) =>
        playDailyBonus(key).catch(async (first: unknown) => {
          if (!isApiError(first) || first.status !== 0) throw first;
          for (let i = 1; ; i += 1) {
            await new Promise((resolve) => setTimeout(resolve, 600 * i));
            try {
              return await playDailyBonus(key);
            } catch (e) {
              if (i >= 2 || !isApiError(e) || e.status !== 0) throw e;
            }
          }
        }),
      );
      // The header keeps the balance without the prize until the wheel stops, then animates to it.
      setBalancesWithDelay(answer.pre_prize_balances, answer.balances, reducedMotion ? 0 : WHEEL_SPIN_MS);
      setLanding((before) => ({ answer, spinId: (before?.spinId ?? 0) + 1 }));
    } catch (err) {
      setPending(false);
      setAnnouncement('');
      if (isApiError(err) && err.code === DAILY_BONUS_ERROR_CODES.DAILY_BONUS_DISABLED) {
        openDialogOnce(DAILY_BONUS_DIALOG, { outcome: 'unavailable' });
      } else if (isApiError(err) && err.code === DAILY_BONUS_ERROR_CODES.DAILY_BONUS_ALREADY_CLAIMED) {
        setRefusal(err.message);
        // Today's spin was taken (maybe this one, its answer lost): the state reloaded below shows
        // today's prize, and the header takes the balances that include it.
        void landPendingAndReloadBalances();
      } else if (isApiError(err) && err.status >= 400 && err.status < 500) {
        // The play gate (suspended, a break, ...): the server's own explanation.
        setRefusal(err.message);
      } else if (!isApiError(err) || err.status !== 0) {
        openDialog(DAILY_BONUS_DIALOG, { outcome: 'error' });
      } else {
        // Every answer lost: the spin may have happened. The state reloaded below shows today's
        // prize if so, and the header takes the balances that include it.
        void landPendingAndReloadBalances();
      }
      void mutate();
    }
  }

  if (isLoading && !data) {
    return (
      <Page title={DAILY_BONUS_TEXTS.title} width="narrow">
        <p aria-busy="true">Loading the Daily Bonus…</p>
      </Page>
    );
  }
  if (!data) {
    return (
      <Page title={DAILY_BONUS_TEXTS.title} width="narrow">
        <Notice tone={online ? 'error' : 'warning'}>
          <p data-testid="daily-bonus-failure">
            {online || (error && isApiError(error) && error.status !== 0)
              ? DAILY_BONUS_TEXTS.failure
              : DAILY_BONUS_TEXTS.offline}
          </p>
        </Notice>
        <Button onClick={() => void mutate()}>Try again</Button>
      </Page>
    );
  }

  const state = data;
  const wonNow = landing?.answer ?? null;
  // While the wheel turns, the row and prize shown are the ones of the spin being decided.
  const shownDay = wonNow
    ? wonNow.streak_day
    : state.eligible
      ? state.next_streak_day
      : Math.max(1, state.last_spin?.streak_day ?? 1);
  const row = state.pay_table.find((r) => r.day === shownDay) ?? state.pay_table[0];
  const wonSegment = wonNow ? wonNow.segment : state.eligible ? null : (state.last_spin?.segment ?? null);

  return (
    <Page title={DAILY_BONUS_TEXTS.title} width="narrow">
      <div aria-live="polite" aria-atomic="true" className="visually-hidden" data-testid="daily-bonus-live">
        {announcement}
      </div>
      {sweepsHold && !goldOnlyMode ? (
        <LazySweepsHoldNotice hold={sweepsHold} testId="daily-bonus-sweeps-hold" />
      ) : null}
      {!state.enabled ? (
        <Notice tone="warning">
          <p data-testid="daily-bonus-unavailable">
            <strong>{DAILY_BONUS_TEXTS.unavailableTitle}</strong>. {DAILY_BONUS_TEXTS.unavailable}
          </p>
        </Notice>
      ) : null}
      <Card>
        <p>{DAILY_BONUS_TEXTS.intro}</p>
        <dl className={facts}>
          <div>
            <dt>Streak</dt>
            <dd data-testid="daily-bonus-streak">{wonNow ? wonNow.current_streak : state.current_streak}</dd>
          </div>
          <div>
            <dt>Longest</dt>
            <dd data-testid="daily-bonus-longest">{wonNow ? wonNow.longest_streak : state.longest_streak}</dd>
          </div>
          <div>
            <dt>Prizes of day</dt>
            <dd data-testid="daily-bonus-day">
              {shownDay}
              {shownDay === DAILY_BONUS_MAX_STREAK_DAY ? '+' : ''}
            </dd>
          </div>
        </dl>
        {row ? (
          <BonusWheel
            goldPrizes={row.prizes.map((p) => p.prize_gld)}
            landOn={landing ? landing.answer.segment : wonSegment}
            spinId={landing?.spinId ?? 0}
            reducedMotion={reducedMotion || !landing}
            onStopped={onStopped}
          />
        ) : null}
        {state.eligible && state.enabled && !wonNow ? (
          <>
            {online ? null : (
              <Notice tone="warning">
                <p data-testid="daily-bonus-offline">{DAILY_BONUS_TEXTS.offline}</p>
              </Notice>
            )}
            <Button
              fullWidth
              onClick={() => void spin(state)}
              disabled={pending || !online}
              data-testid="daily-bonus-spin"
            >
              {pending ? DAILY_BONUS_TEXTS.spinning : DAILY_BONUS_TEXTS.spin}
            </Button>
          </>
        ) : null}
        {refusal ? (
          <Notice tone="info">
            <p data-testid="daily-bonus-refusal">{refusal}</p>
          </Notice>
        ) : null}
        {!state.eligible && state.enabled && !pending ? (
          <div data-testid="daily-bonus-claimed">
            {state.last_spin && state.prize_gld + state.prize_ghc > 0 ? (
              <p>
                Today&apos;s prize: <strong>{prizeText(state.prize_gld, state.prize_ghc, goldOnly)}</strong>
              </p>
            ) : null}
            <p data-testid="daily-bonus-next">
              <strong>{nextBonusText(state.next_eligible_date, now)}</strong>{' '}
              <span>({formatEasternDateTime(state.next_eligible_date)})</span>
            </p>
          </div>
        ) : null}
      </Card>
      {row ? (
        <Card>
          <h2>Day {shownDay} prizes</h2>
          <p className={small}>
            8 equal segments, 1 in 8 each. Average prize:{' '}
            {goldOnly
              ? `${formatGold(row.expected_gld)} Gold Coins`
              : `${formatGold(row.expected_gld)} Gold Coins and ${formatSweeps(row.expected_ghc)} Sweeps Coins`}
            . Each day in a row pays more, up to day {DAILY_BONUS_MAX_STREAK_DAY}; a missed day starts again
            at day 1.
          </p>
          <ol className={payList} data-testid="daily-bonus-pay-table">
            {row.prizes.map((p, i) => (
              <li key={i} data-won={wonSegment === i && !pending ? 'true' : 'false'}>
                <span className="visually-hidden">Segment {i + 1}: </span>
                {prizeText(p.prize_gld, p.prize_ghc, goldOnly)}
              </li>
            ))}
          </ol>
        </Card>
      ) : null}
      {state.last_spin ? <SpinFairness spin={state.last_spin} /> : null}
    </Page>
  );
}

/** The last spin's fairness data, and its check once the seed is revealed (loaded on demand). */
function SpinFairness({ spin }: { spin: DailyBonusSpin }) {
  const [result, setResult] = useState<string | null>(null);
  async function verify() {
    const [{ verifyDailyBonusSpin }, { describeOutcome }, kept] = await Promise.all([
      import('../../lib/verify-daily-bonus.ts'),
      import('../../lib/verify-round.ts'),
      import('../../lib/fair-commitments.ts'),
    ]);
    // Checked against the commitment this browser kept for the spin, not the server's word.
    const playerId = kept.currentPlayerId();
    const evidence = playerId
      ? kept.keptEvidenceFor(await kept.readKept(playerId), {
          id: kept.spinRoundId(spin),
          server_seed_hash: spin.server_seed_hash,
        })
      : undefined;
    setResult(describeOutcome(verifyDailyBonusSpin(spin, evidence)));
  }
  return (
    <Card>
      <h2>Fairness of your last spin</h2>
      <p className={small}>
        Server seed hash {spin.server_seed_hash}, client seed {spin.client_seed}, nonce {spin.nonce}: segment{' '}
        {spin.segment + 1} on day {spin.streak_day}.
      </p>
      {spin.server_seed ? (
        <Button variant="secondary" onClick={() => void verify()} data-testid="daily-bonus-verify">
          Verify this spin
        </Button>
      ) : (
        <p className={small}>
          To verify this spin, rotate your seed in a game&apos;s Fairness panel; the revealed seed then
          recomputes it here.
        </p>
      )}
      {result ? (
        <p role="status" data-testid="daily-bonus-verify-result" className={wrapAnywhere}>
          {result}
        </p>
      ) : null}
    </Card>
  );
}
