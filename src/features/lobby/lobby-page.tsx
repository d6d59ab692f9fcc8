import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css, cx } from '@linaria/core';
import { LOBBY_CATEGORIES, ROUTES } from '../../contract/routes.ts';
import type { GameCategory } from '../../contract/games.ts';
import { PROPERTY_NAMES } from '../../contract/properties.ts';
import { formatGold, formatSweeps, formatUsd } from '../../contract/money.ts';
import { useBalances } from '../../state/use-balances.ts';
import { isTrue, useNamedProperties } from '../../lib/use-named-properties.ts';
import { SHELL_PROPERTY_NAMES } from '../../lib/shell-properties.ts';
import { redemptionValueUsd } from '../../state/balances-derived.ts';
import { store } from '../../state/store.ts';
import { preloadPlayerData, toggleFavouriteSoon } from '../../state/player-data-soon.ts';
import { favouritesOf } from '../../contract/player-data.ts';
import { Page, Card, Notice } from '../../ui/page.tsx';
import { LazySweepsHoldNotice } from '../../ui/sweeps-hold-notice-lazy.tsx';
import { sweepsHoldOfUser } from '../../contract/sweeps-hold.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useOnline } from '../../pwa/online-status.ts';
import { useGamesCatalogue } from './api.ts';
import { GameCard } from './game-card.tsx';
import { PromoCarouselSlot } from './promo-carousel-slot.tsx';
import { favouriteGames, gamesInCategory, recentlyPlayedGames, searchGames } from './games-list.ts';

type Category = (typeof LOBBY_CATEGORIES)[number] & GameCategory;

const CATEGORY_LABELS: Record<Category, string> = {
  hot: 'Hot',
  slots: 'Slots',
  exclusive: 'Exclusive',
  'table-games': 'Table Games',
  scratchcards: 'Scratchcards',
  new: 'New',
  halloween: 'Halloween',
};

const welcome = css`
  font-size: 1.1rem;
  margin-bottom: var(--space-4);
`;
const tiles = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: var(--space-3);
  margin: var(--space-4) 0 0;
  @media (min-width: 520px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;
const tile = css`
  margin: 0;
  padding: var(--space-3) var(--space-4);
  border-radius: var(--radius-md);
  background: var(--color-surface-2);
  border: 1px solid var(--color-border);
  & dt {
    font-size: 0.9rem;
    color: var(--color-text-muted);
    font-weight: 600;
  }
  & dd {
    margin: var(--space-1) 0 0;
    font-size: 1.5rem;
    font-weight: 800;
    font-family: var(--font-display);
    font-variant-numeric: tabular-nums;
  }
`;
const goldTile = css`
  border-left: 4px solid var(--color-gold);
  & dd {
    color: var(--color-gold);
  }
`;
const sweepsTile = css`
  border-left: 4px solid var(--color-sweeps);
  & dd {
    color: var(--color-sweeps);
  }
`;
const activeGold = css`
  border-color: var(--color-gold);
`;
const activeSweeps = css`
  border-color: var(--color-sweeps);
`;
const badge = css`
  display: inline-block;
  margin-left: var(--space-2);
  padding: 0 var(--space-2);
  border-radius: 999px;
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  font-size: 0.75rem;
  font-weight: 700;
  color: var(--color-text);
  vertical-align: middle;
`;
const subline = css`
  && {
    margin-top: var(--space-1);
    font-size: 0.85rem;
    font-weight: 500;
    font-family: var(--font-body);
    color: var(--color-text-muted);
  }
`;
const summaryHead = css`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: var(--space-3);
  flex-wrap: wrap;
  & h2 {
    margin: 0;
  }
`;
const tabs = css`
  display: flex;
  gap: var(--space-2);
  margin: 0 calc(-1 * var(--space-4)) var(--space-4);
  padding: var(--space-1) var(--space-4) var(--space-2);
  list-style: none;
  overflow-x: auto;
  scrollbar-width: thin;
  & a {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding: 0 var(--space-4);
    border-radius: 999px;
    border: 1px solid var(--color-border);
    background: var(--color-surface);
    color: var(--color-text);
    text-decoration: none;
    font-weight: 600;
    white-space: nowrap;
  }
  & a:hover {
    border-color: var(--color-gold);
    color: var(--color-text);
  }
  & a[aria-current='page'] {
    background: var(--color-gold);
    border-color: var(--color-gold);
    color: var(--color-primary-contrast);
  }
`;
const searchRow = css`
  margin-bottom: var(--space-4);
`;
const grid = css`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: var(--space-3);
  margin: 0;
  padding: 0;
  list-style: none;
  @media (min-width: 720px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;
const row = css`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(140px, 42%);
  gap: var(--space-3);
  margin: 0;
  padding: 0 0 var(--space-2);
  list-style: none;
  overflow-x: auto;
  scrollbar-width: thin;
  @media (min-width: 720px) {
    grid-auto-columns: minmax(160px, 22%);
  }
`;
const section = css`
  & h2 {
    margin-bottom: var(--space-3);
  }
`;

const onToggleFavourite = (gameId: string) => toggleFavouriteSoon(gameId);

/** The category named by the path (/lobby/<category>), or null for all games. */
function categoryOf(pathname: string): Category | null {
  const rest = pathname.replace(/\/+$/, '').slice(ROUTES.lobby.length + 1);
  return (LOBBY_CATEGORIES as readonly string[]).includes(rest) ? (rest as Category) : null;
}

/**
 * The lobby: welcome, the player's balances, the game categories and the player's Favourites
 * (one route each; a star on each card adds or removes a favourite), a search by
 * name, the "Recently played" row and the games as cards. Offline it shows the last list the
 * service worker kept, and each card says that playing needs a connection.
 */
export function LobbyPage() {
  const { pathname } = useLocation();
  const category = categoryOf(pathname);
  const favouritesView = pathname.replace(/\/+$/, '') === ROUTES.lobbyFavourites;
  useEffect(preloadPlayerData, []);
  const session = useSnapshot(store.session);
  const currency = useSnapshot(store.currency);
  const { balances } = useBalances();
  const { values } = useNamedProperties(SHELL_PROPERTY_NAMES);
  const goldOnly = isTrue(values[PROPERTY_NAMES.goldOnlyMode]);
  const user = session.user;
  const sweepsIneligible = user ? !user.sweeps_eligible : false;
  // Why Sweeps are off (a state without Sweeps, or identity verification awaited) and what to do.
  const sweepsHold = user ? sweepsHoldOfUser(user) : null;
  const showSweeps = !goldOnly && !sweepsIneligible;
  const goldActive = showSweeps && currency.activeCurrency === 'gold';
  const sweepsActive = showSweeps && currency.activeCurrency === 'sweeps';
  const categoryLabel = favouritesView ? 'Favourites' : category ? CATEGORY_LABELS[category] : 'All games';
  const online = useOnline();
  const { games, failed } = useGamesCatalogue();
  const { recentlyPlayed } = useSnapshot(store.games);
  const [query, setQuery] = useState('');
  const searching = query.trim() !== '';
  // The last known favourites (the mirrored user) show offline too.
  const favourites = favouritesOf(user?.user_data ?? {});
  const favouriteSet = new Set(favourites);
  const shown = games
    ? favouritesView
      ? favouriteGames(games, favourites)
      : gamesInCategory(games, category)
    : null;
  const listed = shown ? searchGames(shown, query) : null;
  const recent = games ? recentlyPlayedGames(games, recentlyPlayed) : [];

  return (
    <Page title="Lobby" width="wide">
      {user ? <p className={welcome}>Welcome, {user.first_name}!</p> : null}
      <PromoCarouselSlot />

      <Card>
        <div className={summaryHead}>
          <h2 id="balances-heading">Your coins</h2>
        </div>
        {balances ? (
          <dl className={tiles} aria-labelledby="balances-heading" data-testid="lobby-balances">
            <div className={cx(tile, goldTile, goldActive && activeGold)}>
              <dt>
                Gold Coins
                {goldActive ? (
                  <>
                    {' '}
                    <span className={badge}>Playing now</span>
                  </>
                ) : null}
              </dt>
              <dd data-testid="lobby-gold-balance">{formatGold(balances.balance_total_gld)}</dd>
              <dd className={subline}>For fun: Gold Coins have no cash value.</dd>
            </div>
            {showSweeps ? (
              <div className={cx(tile, sweepsTile, sweepsActive && activeSweeps)}>
                <dt>
                  Sweeps Coins
                  {sweepsActive ? (
                    <>
                      {' '}
                      <span className={badge}>Playing now</span>
                    </>
                  ) : null}
                </dt>
                <dd data-testid="lobby-sweeps-balance">{formatSweeps(balances.balance_total_ghc)}</dd>
                <dd className={subline}>
                  {formatSweeps(balances.balance_redeemable_ghc)} redeemable, worth{' '}
                  {formatUsd(redemptionValueUsd(balances))}
                </dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <p>Your balances are loading...</p>
        )}
        {sweepsHold && !goldOnly ? (
          <LazySweepsHoldNotice hold={sweepsHold} testId="lobby-sweeps-hold" />
        ) : null}
      </Card>

      <nav aria-label="Game categories">
        <ul className={tabs}>
          <li>
            <NavLink to={ROUTES.lobby} end>
              All
            </NavLink>
          </li>
          <li>
            <NavLink to={ROUTES.lobbyFavourites} data-testid="lobby-favourites-tab">
              <span aria-hidden="true">★&nbsp;</span>Favourites
            </NavLink>
          </li>
          {LOBBY_CATEGORIES.map((c) => (
            <li key={c}>
              <NavLink to={`${ROUTES.lobby}/${c}`}>{CATEGORY_LABELS[c]}</NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <Card className={section}>
        <div className={searchRow} role="search">
          <TextField
            label="Search games"
            name="game-search"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
        {online ? null : (
          <Notice tone="info" testId="lobby-offline">
            <p>You're offline. These are the games from your last visit; playing needs a connection.</p>
          </Notice>
        )}
        {recent.length > 0 && !searching ? (
          <section
            aria-labelledby="recently-played-heading"
            className={section}
            data-testid="recently-played"
          >
            <h2 id="recently-played-heading">Recently played</h2>
            <ul className={row}>
              {recent.map((g) => (
                <li key={g.id}>
                  <GameCard
                    game={g}
                    online={online}
                    favourite={favouriteSet.has(g.id)}
                    onToggleFavourite={onToggleFavourite}
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="games-heading" className={section}>
          <h2 id="games-heading">{categoryLabel}</h2>
          {listed === null ? (
            failed ? (
              <Notice tone="error" testId="games-failed">
                <p>The games could not be loaded. Check your connection and try again.</p>
              </Notice>
            ) : (
              <p role="status">Loading games...</p>
            )
          ) : listed.length === 0 ? (
            searching || !favouritesView ? (
              <p data-testid="no-games">
                {searching ? `No games match "${query.trim()}".` : 'No games in this category yet.'}
              </p>
            ) : (
              <div data-testid="no-favourites">
                <p>You have no favourite games yet.</p>
                <p>
                  To add one, tap the star <span aria-hidden="true">☆</span> on a game, here in the lobby or
                  on the game&apos;s page. Your favourites follow you to any device you sign in on.
                </p>
              </div>
            )
          ) : (
            <ul className={grid} data-testid="game-list">
              {listed.map((g) => (
                <li key={g.id}>
                  <GameCard
                    game={g}
                    online={online}
                    favourite={favouriteSet.has(g.id)}
                    onToggleFavourite={onToggleFavourite}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </Card>
    </Page>
  );
}

export default LobbyPage;
