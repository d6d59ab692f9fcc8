/**
 * "Responsible play" (id responsible-play): take a break (24 hours to 6 weeks), self-exclusion
 * (6 months to permanent) and the reality check interval, all kept and enforced by the server
 * (docs/responsible-play.md). A restriction is confirmed in a dialog that says what it stops and
 * that it cannot be shortened; afterwards the section shows what remains open.
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import {
  BREAK_CHOICES,
  BREAK_MAX_DAYS,
  BREAK_MIN_DAYS,
  DAY_HOURS,
  REALITY_CHECK_MINUTES,
  RESPONSIBLE_PLAY_TEXTS,
  SELF_EXCLUSION_CHOICES,
  formatRestrictionEnd,
  runningRestriction,
  type SetRestrictionRequest,
} from '../../contract/responsible-play.ts';
import { ROUTES } from '../../contract/routes.ts';
import { isApiError } from '../../lib/api-client.ts';
import {
  setPlayRestriction,
  setRealityCheck,
  useResponsiblePlaySettings,
} from '../../lib/responsible-play-api.ts';
import { applyPlayRestriction } from '../../state/responsible-play-actions.ts';
import { logout } from '../../state/session-actions.ts';
import { store } from '../../state/store.ts';
import { Button } from '../../ui/button.tsx';
import { errorText } from '../../ui/field-styles.ts';
import { Card } from '../../ui/page.tsx';
import { fragmentHeading } from './fragment-heading.ts';

// The confirmation dialog (and floating-ui) loads when it first opens, not with My Account.
const Dialog = lazy(async () => ({ default: (await import('../../ui/dialog.tsx')).Dialog }));

const group = css`
  border: 0;
  margin: 0 0 var(--space-3);
  padding: 0;
  min-width: 0;
  & legend {
    font-weight: 700;
    margin-bottom: var(--space-2);
    padding: 0;
  }
  & label {
    display: flex;
    align-items: center;
    gap: var(--space-2);
    min-height: 40px;
  }
  & input[type='number'] {
    width: 5.5rem;
    min-height: 40px;
    padding: 0 var(--space-2);
  }
`;
const muted = css`
  color: var(--color-text-muted);
`;
const statusBox = css`
  padding: var(--space-3);
  border: 1px solid var(--color-gold);
  border-radius: var(--radius-md);
  margin-bottom: var(--space-4);
  & ul {
    margin: var(--space-2) 0 0;
    padding-left: var(--space-4);
  }
`;
const choices = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  column-gap: var(--space-3);
`;

type BreakChoice = number | 'custom';
type ExclusionChoice = number | 'permanent';

interface Pending {
  request: SetRestrictionRequest;
  label: string;
}

/** What stays open during a restriction: redeeming, history, signing out. */
function WhatRemainsOpen() {
  return (
    <ul data-testid="responsible-play-open">
      <li>
        <Link to={`${ROUTES.myAccount}#my-sweeps-coins`}>Redeem your Sweeps Coins</Link>
      </li>
      <li>
        <Link to={ROUTES.gameHistory}>Game history</Link>,{' '}
        <Link to={ROUTES.goldCoinsHistory}>Gold Coins</Link> and{' '}
        <Link to={ROUTES.sweepsCoinsHistory}>Sweeps Coins history</Link>
      </li>
      <li>
        <Button variant="ghost" onClick={() => void logout()}>
          Sign out
        </Button>
      </li>
    </ul>
  );
}

export function ResponsiblePlaySection() {
  const { status, user } = useSnapshot(store.session);
  const signedIn = status === 'signed-in';
  const settings = useResponsiblePlaySettings(signedIn);
  const [breakChoice, setBreakChoice] = useState<BreakChoice>(BREAK_CHOICES[0].hours);
  const [customDays, setCustomDays] = useState('3');
  const [exclusionChoice, setExclusionChoice] = useState<ExclusionChoice>(6);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [justSet, setJustSet] = useState(false);
  const [savedCheck, setSavedCheck] = useState<string | null>(null);
  const [now] = useState(() => Date.now());

  const running = runningRestriction(settings.data ?? user, now);
  const days = Number(customDays);
  const customValid = Number.isInteger(days) && days >= BREAK_MIN_DAYS && days <= BREAK_MAX_DAYS;

  function askBreak() {
    setProblem(null);
    if (breakChoice === 'custom' && !customValid) {
      setProblem(RESPONSIBLE_PLAY_TEXTS.breakRange);
      return;
    }
    const hours = breakChoice === 'custom' ? days * DAY_HOURS : breakChoice;
    const label =
      breakChoice === 'custom'
        ? `${days} day${days === 1 ? '' : 's'}`
        : (BREAK_CHOICES.find((c) => c.hours === breakChoice)?.label ?? `${hours} hours`);
    setPending({ request: { restriction: 'break', hours }, label: `a break of ${label}` });
  }

  function askExclusion() {
    setProblem(null);
    const months = exclusionChoice === 'permanent' ? null : exclusionChoice;
    const label = SELF_EXCLUSION_CHOICES.find((c) => c.months === months)?.label ?? '';
    setPending({
      request: { restriction: 'self_exclusion', months },
      label: months === null ? 'permanent self-exclusion' : `self-exclusion for ${label}`,
    });
  }

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      const next = await setPlayRestriction(pending.request);
      await settings.mutate(next, { revalidate: false });
      applyPlayRestriction(next);
      setJustSet(true);
      setPending(null);
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
      setPending(null);
    } finally {
      setBusy(false);
    }
  }

  async function changeRealityCheck(value: string) {
    setSavedCheck(null);
    try {
      const next = await setRealityCheck(Number(value) as 0 | 15 | 30 | 60);
      await settings.mutate(next, { revalidate: false });
      setSavedCheck(next.reality_check_minutes ? `Every ${next.reality_check_minutes} minutes` : 'Off');
    } catch (error) {
      setSavedCheck(isApiError(error) ? error.message : 'Could not save. Please try again.');
    }
  }

  return (
    <Card>
      <h2 id="responsible-play" tabIndex={-1} className={fragmentHeading}>
        Responsible play
      </h2>
      <p className={muted}>
        Play for fun, within your means. These tools apply at once on every device; the server enforces them.
      </p>

      {running ? (
        <div className={statusBox} role="status" data-testid="responsible-play-status">
          <p style={{ margin: 0 }}>
            {running.restriction === 'break'
              ? `You are taking a break from play until ${formatRestrictionEnd(running.until ?? '')}.`
              : running.until === null
                ? 'You have excluded yourself from play permanently.'
                : `You have excluded yourself from play until ${formatRestrictionEnd(running.until)}.`}{' '}
            It cannot be shortened or lifted; you can only make it longer.
          </p>
          <p style={{ margin: 'var(--space-2) 0 0' }}>
            {justSet ? 'Done. ' : ''}What remains open until then:
          </p>
          <WhatRemainsOpen />
        </div>
      ) : null}

      <fieldset className={group}>
        <legend>Take a break (24 hours to 6 weeks)</legend>
        <div className={choices}>
          {BREAK_CHOICES.map((c) => (
            <label key={c.hours}>
              <input
                type="radio"
                name="break-length"
                checked={breakChoice === c.hours}
                onChange={() => setBreakChoice(c.hours)}
              />
              {c.label}
            </label>
          ))}
          <label>
            <input
              type="radio"
              name="break-length"
              checked={breakChoice === 'custom'}
              onChange={() => setBreakChoice('custom')}
            />
            Other
          </label>
        </div>
        {breakChoice === 'custom' ? (
          <label>
            Number of days ({BREAK_MIN_DAYS}–{BREAK_MAX_DAYS})
            <input
              type="number"
              inputMode="numeric"
              min={BREAK_MIN_DAYS}
              max={BREAK_MAX_DAYS}
              step={1}
              value={customDays}
              onChange={(e) => setCustomDays(e.target.value)}
              aria-invalid={customValid ? undefined : true}
            />
          </label>
        ) : null}
        <Button variant="secondary" onClick={askBreak}>
          Take a break
        </Button>
      </fieldset>

      <fieldset className={group}>
        <legend>Self-exclusion (6 months to permanent)</legend>
        <div className={choices}>
          {SELF_EXCLUSION_CHOICES.map((c) => (
            <label key={c.label}>
              <input
                type="radio"
                name="exclusion-length"
                checked={exclusionChoice === (c.months ?? 'permanent')}
                onChange={() => setExclusionChoice(c.months ?? 'permanent')}
              />
              {c.label}
            </label>
          ))}
        </div>
        <Button variant="secondary" onClick={askExclusion}>
          Exclude myself
        </Button>
      </fieldset>

      {problem ? (
        <p className={errorText} role="alert" data-testid="responsible-play-error">
          {problem}
        </p>
      ) : null}

      <fieldset className={group}>
        <legend>Reality check</legend>
        <label>
          Remind me of my time and net result
          <select
            value={String(settings.data?.reality_check_minutes ?? 0)}
            onChange={(e) => void changeRealityCheck(e.target.value)}
            disabled={!settings.data}
            data-testid="reality-check-select"
          >
            <option value="0">Off</option>
            {REALITY_CHECK_MINUTES.map((m) => (
              <option key={m} value={m}>
                Every {m} minutes
              </option>
            ))}
          </select>
        </label>
        <p className={muted} role="status">
          {savedCheck ? `Saved: ${savedCheck}.` : 'Counted from when you signed in.'}
        </p>
      </fieldset>

      {pending ? (
        <Suspense fallback={null}>
          <Dialog
            open
            onClose={() => setPending(null)}
            title="Are you sure?"
            testId="dialog-confirm-restriction"
            actions={
              <>
                <Button variant="secondary" onClick={() => setPending(null)}>
                  Cancel
                </Button>
                <Button variant="danger" loading={busy} onClick={() => void confirm()}>
                  Confirm {pending.request.restriction === 'break' ? 'break' : 'self-exclusion'}
                </Button>
              </>
            }
          >
            <p>You are about to start {pending.label}. Until it ends:</p>
            <ul>
              <li>you cannot start games, buy coins or claim bonuses;</li>
              <li>you can still sign in to redeem your Sweeps Coins and read your history;</li>
              <li>it cannot be shortened or lifted; you can only make it longer.</li>
            </ul>
          </Dialog>
        </Suspense>
      ) : null}
    </Card>
  );
}
