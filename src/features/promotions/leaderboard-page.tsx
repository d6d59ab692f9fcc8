/**
 * /promotions/playson-weekly-coins-challenge: the weekly coins challenge's current board, the
 * player's own place, the countdown to the week's end, the prize table and the rules (all from
 * the leaderboard call, so the page and the server never disagree). Visitors see the board and
 * the rules with a join link. The board refreshes every minute and when the week ends; offline,
 * the last board seen on this device is shown with the time it was read (persisted-swr.ts).
 * The spinner shows only after the spec's leaderboard delay (250 ms), so a quick answer never
 * flashes it.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { css } from '@linaria/core';
import { useSnapshot } from 'valtio';
import { ROUTES } from '../../contract/routes.ts';
import { PRODUCT_NAME, TIMINGS } from '../../contract/constants.ts';
import {
  challengeRules,
  LEADERBOARD_API_PATHS,
  LeaderboardAnswerSchema,
  prizeText,
  rankRangeText,
  WEEKLY_CHALLENGE_ID,
  type LeaderboardAnswer,
} from '../../contract/leaderboard.ts';
import useSWR from 'swr';
import { api, CLIENT_ERROR_CODES, type ApiError } from '../../lib/api-client.ts';
import { formatGold } from '../../contract/money.ts';
import { useOnline } from '../../pwa/online-status.ts';
import { store } from '../../state/store.ts';
import { useGoldOnly } from '../../state/use-gold-only.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { Page, Card, Notice } from '../../ui/page.tsx';
import { lede, prose } from '../../ui/prose.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useRevealAfterDelay } from '../../ui/use-reveal.ts';
import {
  countdownText,
  countdownWords,
  easternTimeText,
  weekLastSecondMs,
} from './weekly-challenge-format.ts';

const REFRESH_MS = 60_000;

const table = css`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  & caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: var(--space-2);
  }
  & th,
  & td {
    padding: var(--space-2);
    border-bottom: 1px solid var(--color-border);
    text-align: left;
  }
  & th:last-child,
  & td:last-child {
    text-align: right;
  }
`;
const facts = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-3) var(--space-5);
  margin: 0;
  & dt {
    color: var(--color-text-muted);
    font-size: 0.875rem;
  }
  & dd {
    margin: 0;
    font-size: 1.25rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-3);
  margin-top: var(--space-3);
`;

/** Ticks every second while mounted; answers the current time. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

function Countdown({ board, onEnded }: { board: LeaderboardAnswer; onEnded: () => void }) {
  const now = useNow();
  // The server's clock decides the week: measure from its reading, not the device's.
  const [skew] = useState(() => Date.parse(board.as_of) - Date.now());
  const remaining = Date.parse(board.ends_at) - (now + skew);
  const ended = remaining <= 0;
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);
  return (
    <div>
      <dt>Week ends in</dt>
      <dd>
        <span aria-hidden="true" data-testid="weekly-countdown">
          {countdownText(remaining)}
        </span>
        <span className="visually-hidden">{countdownWords(remaining)}</span>
      </dd>
      <dd>
        <small>
          <time dateTime={board.ends_at}>{easternTimeText(weekLastSecondMs(board.ends_at))}</time>
        </small>
      </dd>
    </div>
  );
}

function OwnPlace({ board, signedIn }: { board: LeaderboardAnswer; signedIn: boolean }) {
  if (!signedIn || !board.me)
    return (
      <Card>
        <h2>Join the challenge</h2>
        <p>Create a free account, play {board.games.map((g) => g.name).join(' or ')} and climb the board.</p>
        <div className={actions}>
          <ButtonLink to={ROUTES.createUser} data-testid="weekly-join">
            Join now
          </ButtonLink>
          <ButtonLink to={ROUTES.login} variant="secondary">
            Sign in
          </ButtonLink>
        </div>
      </Card>
    );
  const { rank, points } = board.me;
  return (
    <Card>
      <h2>Your place</h2>
      <p data-testid="weekly-own-place">
        {rank === null
          ? `No points yet this week. Play ${board.games.map((g) => g.name).join(' or ')} to join the board.`
          : `You are #${rank} with ${formatGold(points)} ${points === 1 ? 'point' : 'points'}.`}
      </p>
    </Card>
  );
}

function BoardTable({ board }: { board: LeaderboardAnswer }) {
  return (
    <table className={table} data-testid="weekly-board">
      <caption>Leaderboard, week of {board.week_start}</caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Player</th>
          <th scope="col">Points</th>
        </tr>
      </thead>
      <tbody>
        {board.board.length === 0 ? (
          <tr>
            <td colSpan={3}>No points yet this week. Be the first!</td>
          </tr>
        ) : (
          board.board.map((row) => (
            <tr key={row.rank} data-testid="weekly-board-row">
              <td>{row.rank}</td>
              <td>{row.display_name}</td>
              <td>{formatGold(row.points)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function PrizeTable({ board }: { board: LeaderboardAnswer }) {
  return (
    <table className={table} data-testid="weekly-prizes">
      <caption>Prizes</caption>
      <thead>
        <tr>
          <th scope="col">Place</th>
          <th scope="col">Prize</th>
        </tr>
      </thead>
      <tbody>
        {board.prizes.map((p) => (
          <tr key={p.rank_from}>
            <td>{rankRangeText(p.rank_from, p.rank_to)}</td>
            <td>{prizeText(p)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function LeaderboardPage() {
  const goldOnly = useGoldOnly();
  const online = useOnline();
  const session = useSnapshot(store.session).status;
  const signedIn = session === 'signed-in';
  // The answer differs for a player (their own place) and a visitor: one cache entry each, and
  // no request while the session is still being restored.
  const path = LEADERBOARD_API_PATHS.leaderboard(WEEKLY_CHALLENGE_ID);
  const { data, error, isLoading, mutate } = useSWR<LeaderboardAnswer, ApiError>(
    session === 'unknown' ? null : [path, signedIn ? 'player' : 'visitor'],
    () => api.get(path, LeaderboardAnswerSchema, { handleErrors: false }),
    { refreshInterval: REFRESH_MS, keepPreviousData: true },
  );
  const showSpinner = useRevealAfterDelay(
    (isLoading || session === 'unknown') && !data,
    TIMINGS.leaderboardDelayMs,
  );
  const offline =
    !online || error?.code === CLIENT_ERROR_CODES.OFFLINE || error?.code === CLIENT_ERROR_CODES.NETWORK_ERROR;
  const refresh = useCallback(() => void mutate(), [mutate]);

  let status = null;
  if (offline && data)
    status = (
      <Notice tone="info" testId="weekly-offline">
        <p>
          You're offline. This is the board as of{' '}
          <time dateTime={data.as_of}>{easternTimeText(Date.parse(data.as_of))}</time>.
        </p>
      </Notice>
    );
  else if (offline)
    status = (
      <Notice tone="info" testId="weekly-offline">
        <p>You're offline, and this board has not been saved on this device yet. Reconnect to see it.</p>
      </Notice>
    );
  else if (error && !data)
    status = (
      <Notice tone="error" testId="weekly-error">
        <p>The leaderboard could not be loaded. {error.message}</p>
        <Button variant="secondary" onClick={refresh}>
          Try again
        </Button>
      </Notice>
    );

  return (
    <Page title="Playson Weekly Coins Challenge">
      <p className={lede}>
        A weekly leaderboard on selected slots: play, score points and win{' '}
        {goldOnly ? 'Gold Coin prizes' : 'Gold Coin and Sweeps Coin prizes'}.
      </p>
      {status}
      {showSpinner ? <Spinner label="Loading the leaderboard..." /> : null}
      {data ? (
        <>
          <Card>
            <dl className={facts}>
              <Countdown key={data.ends_at} board={data} onEnded={refresh} />
            </dl>
          </Card>
          <OwnPlace board={data} signedIn={signedIn} />
          <Card>
            <BoardTable board={data} />
          </Card>
          <Card>
            <PrizeTable board={data} />
          </Card>
          <Card className={prose}>
            <h2>Rules</h2>
            <ol data-testid="weekly-rules">
              {challengeRules(data).map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ol>
            {goldOnly ? null : (
              <p>
                Sweeps Coin prizes follow the{' '}
                <Link to={ROUTES.policiesSweepsRules}>Official Sweepstakes Rules</Link>; eligibility is the
                same as for {PRODUCT_NAME} itself.
              </p>
            )}
          </Card>
        </>
      ) : null}
    </Page>
  );
}

export default LeaderboardPage;
