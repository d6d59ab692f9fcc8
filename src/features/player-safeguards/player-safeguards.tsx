/**
 * What the app shell runs for a signed-in player on every page (docs/responsible-play.md):
 * - opens the updated-terms dialog when a new version of a document awaits acceptance (the
 *   server refuses play until then), on sign-in and whenever the pending list is revalidated;
 * - opens the reality check every N minutes of the sign-in session (the player's setting);
 * - on the lobby and game pages, says plainly when a break or self-exclusion is running and
 *   until when.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import { PLAYER_STANDING_TEXTS } from '../../contract/player-standing-texts.ts';
import {
  formatRestrictionEnd,
  msUntilNextRealityCheck,
  runningRestriction,
} from '../../contract/responsible-play.ts';
import { ROUTES } from '../../contract/routes.ts';
import {
  usePendingLegalDocuments,
  useResponsiblePlaySettings,
  useSessionSummary,
} from '../../lib/responsible-play-api.ts';
import { openDialogOnce } from '../../state/dialog-actions.ts';
import { store } from '../../state/store.ts';
import { AppLink } from '../../ui/app-link.tsx';
import './register-safeguard-dialogs.ts';

const banner = css`
  margin: var(--space-3) auto 0;
  max-width: 960px;
  padding: var(--space-3) var(--space-4);
  border-radius: var(--radius-md);
  border: 1px solid var(--color-gold);
  background: #2a2140;
  & a {
    font-weight: 700;
  }
`;

const GAME_PATH_PREFIX = ROUTES.game.split(':')[0] ?? '/quick-play-games/games/';

/** The current time, moved on every minute: an ended break stops showing without a reload. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function restrictionText(r: { restriction: 'break' | 'self_exclusion'; until: string | null }): string {
  if (r.until === null) return PLAYER_STANDING_TEXTS.selfExcludedPermanently;
  const text = r.restriction === 'break' ? PLAYER_STANDING_TEXTS.onBreak : PLAYER_STANDING_TEXTS.selfExcluded;
  return text.replace('{until}', formatRestrictionEnd(r.until));
}

/** The banner of the lobby and game pages while a restriction runs. */
function RestrictionBanner({ now }: { now: number }) {
  const { user } = useSnapshot(store.session);
  const { pathname } = useLocation();
  const running = runningRestriction(user, now);
  const onPlayPage = pathname.startsWith(ROUTES.lobby) || pathname.startsWith(GAME_PATH_PREFIX);
  if (!running || !onPlayPage) return null;
  return (
    <div className={banner} role="status" data-testid="play-restriction-banner">
      <p style={{ margin: 0 }}>
        {restrictionText(running)} Games cannot be started until then.{' '}
        <AppLink to={`${ROUTES.myAccount}#responsible-play`}>Responsible play</AppLink>
      </p>
    </div>
  );
}

/** Opens the reality check at each multiple of the player's interval since the session started. */
function useRealityCheck(enabled: boolean): void {
  const settings = useResponsiblePlaySettings(enabled);
  const minutes = settings.data?.reality_check_minutes ?? null;
  const summary = useSessionSummary(enabled && minutes !== null);
  const startedAt = summary.data?.started_at ?? null;
  const serverNow = summary.data?.now ?? null;
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (minutes === null || startedAt === null || serverNow === null) return;
    // The server's clock decides where the session stands; this device's only counts from there.
    const skew = Date.parse(serverNow) - Date.now();
    const wait = msUntilNextRealityCheck(Date.parse(startedAt), Date.now() + skew, minutes);
    const timer = setTimeout(() => {
      openDialogOnce('reality-check');
      setRound((r) => r + 1);
    }, wait);
    return () => clearTimeout(timer);
  }, [minutes, startedAt, serverNow, round]);
}

export function PlayerSafeguards() {
  const { status, user } = useSnapshot(store.session);
  const active = status === 'signed-in' && user?.account_state === 'active';
  const pending = usePendingLegalDocuments(active);
  const pendingCount = pending.data?.results.length ?? 0;
  const now = useMinuteClock();
  const restricted = runningRestriction(user, now) !== null;

  useEffect(() => {
    if (active && pendingCount > 0) openDialogOnce('updated-terms');
  }, [active, pendingCount]);

  useRealityCheck(active && !restricted);

  return <RestrictionBanner now={now} />;
}
