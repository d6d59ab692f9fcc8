/**
 * The game page (quick-play-games/games/{game id}). Its guard (game-guard.ts) needs a known game
 * that is not under maintenance and takes the current currency; each refusal is a dialog that
 * leads back to the lobby or, for a currency the game does not take, offers the other one. While
 * the page is open the catalogue is revalidated, and a new version of the game shows the "game
 * updated" dialog. A house game runs in its own frame; the vendor game in the vendor's.
 */
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import { isCurrency } from '../../contract/currency.ts';
import { PROPERTY_NAMES } from '../../contract/properties.ts';
import { ROUTES } from '../../contract/routes.ts';
import { SHELL_PROPERTY_NAMES } from '../../lib/shell-properties.ts';
import { isTrue, useNamedProperties } from '../../lib/use-named-properties.ts';
import { OFFLINE_ACTION_MESSAGE, useOnline } from '../../pwa/online-status.ts';
import { closeGame, openGame } from '../../state/game-actions.ts';
import { preloadPlayerData, toggleFavouriteSoon } from '../../state/player-data-soon.ts';
import { favouritesOf } from '../../contract/player-data.ts';
import { FavouriteButton } from '../../ui/favourite-button.tsx';
import { openDialogOnce } from '../../state/dialog-actions.ts';
import { store } from '../../state/store.ts';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { Notice, Page } from '../../ui/page.tsx';
import { LazySweepsHoldNotice } from '../../ui/sweeps-hold-notice-lazy.tsx';
import { sweepsHoldOfUser } from '../../contract/sweeps-hold.ts';
import { useCatalogueWhilePlaying } from './api.ts';
import { GAME_DIALOGS } from './game-dialog-kinds.ts';
import { gameGuard, gameWasUpdated, type GameGuardDecision } from './game-guard.ts';
import { useExitConfirmation } from './use-exit-confirmation.ts';
import { VendorGameFrame } from './vendor-game-frame.tsx';
import { GameInfo } from './game-info.tsx';
import { GameSettingsPanel, hasGameSettings } from './game-settings-panel.tsx';
import './register-game-dialogs.ts';

/** Spec section 4: returning to a game checks for complimentary Gold Coins (loaded beside the page). */
const ComplimentaryGoldCheck = lazy(() => import('./complimentary-gold-check.tsx'));
/**
 * A house game's frame (its bridge to the game and the game calls) loads beside the page, asked
 * for when the page opens so it arrives while the catalogue is fetched: the page's first load
 * stays within its budget and a vendor game's page never needs it.
 */
const loadHouseGameFrame = () => import('./game-frame/house-game-frame.tsx');
const HouseGameFrame = lazy(async () => ({ default: (await loadHouseGameFrame()).HouseGameFrame }));

const topBar = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-3);
  margin-bottom: var(--space-3);
`;
const topBarEnd = css`
  display: flex;
  align-items: center;
  gap: var(--space-2);
`;

/** Opens the dialog that explains a refusal (once per refusal; the dialog leads on). */
function showRefusal(decision: GameGuardDecision): void {
  if (decision.type === 'unavailable') openDialogOnce(GAME_DIALOGS.unavailable);
  else if (decision.type === 'maintenance')
    openDialogOnce(GAME_DIALOGS.maintenance, { until: decision.until });
  else if (decision.type === 'currency-disabled')
    openDialogOnce(GAME_DIALOGS.currencyDisabled, {
      currency: decision.currency,
      switchTo: decision.switchTo,
    });
}

export function GamePage() {
  const { gameId = '' } = useParams();
  const navigate = useNavigate();
  const online = useOnline();
  const { activeCurrency } = useSnapshot(store.currency);
  const { user } = useSnapshot(store.session);
  const { values } = useNamedProperties(SHELL_PROPERTY_NAMES);
  const goldOnlyMode = isTrue(values[PROPERTY_NAMES.goldOnlyMode]);
  // A state without Sweeps or an identity verification awaited holds Sweeps play (the server refuses too).
  const sweepsHold = user ? sweepsHoldOfUser(user) : null;
  const sweepsAllowed = !goldOnlyMode && user !== null && sweepsHold === null;
  const { games, failed } = useCatalogueWhilePlaying();
  const game = games?.find((g) => g.id === gameId);
  // Memoised on its inputs (SWR keeps the same list object while the answer is unchanged), so a
  // refusal's dialog opens once, not at every render.
  const decision = useMemo(
    () => gameGuard({ games, gameId, currency: activeCurrency, sweepsAllowed }),
    [games, gameId, activeCurrency, sweepsAllowed],
  );
  const allowed = decision.type === 'allow';
  // The game and version the player opened (the page stays mounted when only the id changes).
  const opened = useRef<{ gameId: string; version: string } | null>(null);

  useExitConfirmation(game?.name ?? 'this game');

  useEffect(() => {
    void loadHouseGameFrame().catch(() => undefined);
    preloadPlayerData();
  }, []);

  useEffect(() => showRefusal(decision), [decision]);

  // The game is recorded as recently played, and the currencies it refuses apply to the header's
  // switch, while the page is open (keyed by value: a revalidated list must not re-record it).
  const disabledKey = game ? game.metadata.disabledCurrencies.join(',') : null;
  useEffect(() => {
    if (disabledKey === null) return;
    openGame(gameId, disabledKey.split(',').filter(isCurrency));
  }, [gameId, disabledKey]);
  useEffect(() => () => closeGame(), []);

  // Remember the version the player opened; a different one later means the game was updated.
  const version = allowed ? (game?.version ?? null) : null;
  useEffect(() => {
    if (version === null) return;
    if (opened.current?.gameId !== gameId) opened.current = { gameId, version };
    else if (gameWasUpdated(opened.current.version, { version })) openDialogOnce(GAME_DIALOGS.updated);
  }, [gameId, version]);

  const title = game?.name ?? 'Game';
  const favourite = favouritesOf(user?.user_data ?? {}).includes(gameId);
  return (
    <Page title={title} width="wide">
      <div className={topBar}>
        <Button variant="secondary" onClick={() => void navigate(ROUTES.lobby)}>
          Back to lobby
        </Button>
        <div className={topBarEnd}>
          {/* A purchase started here offers "Back to your game" when it is done (?game_id=). */}
          {/* From a third-party (vendor) game it is a third-party purchase (&third_party=1). */}
          <ButtonLink
            variant="ghost"
            to={`${ROUTES.buyCoins}?game_id=${encodeURIComponent(gameId)}${game?.kind === 'vendor' ? '&third_party=1' : ''}`}
          >
            Get coins
          </ButtonLink>
          {game ? (
            <FavouriteButton
              gameName={game.name}
              pressed={favourite}
              onToggle={() => toggleFavouriteSoon(game.id)}
              testId="game-favourite"
            />
          ) : null}
        </div>
      </div>
      {sweepsHold && !goldOnlyMode ? (
        <LazySweepsHoldNotice hold={sweepsHold} testId="game-sweeps-hold" />
      ) : null}
      {game ? <GameInfo game={game} /> : null}
      {allowed && game ? (
        <Suspense fallback={null}>
          <ComplimentaryGoldCheck game={game} />
        </Suspense>
      ) : null}
      {decision.type === 'wait' ? (
        failed ? (
          <Notice tone="error" testId="game-load-failed">
            <p>The game could not be loaded. Check your connection and try again.</p>
          </Notice>
        ) : (
          <p role="status">Loading the game...</p>
        )
      ) : !allowed || !game ? (
        <Notice tone="info" testId="game-refused">
          <p>This game cannot be played right now.</p>
        </Notice>
      ) : game.kind === 'vendor' ? (
        // The vendor's game needs its launch from our server; a house game's frame says itself
        // what an offline moment means for its round, so it stays mounted.
        online ? (
          <VendorGameFrame game={game} currency={activeCurrency} />
        ) : (
          <Notice tone="info" testId="game-offline">
            <p>{OFFLINE_ACTION_MESSAGE}</p>
          </Notice>
        )
      ) : (
        <Suspense fallback={<p role="status">Loading the game...</p>}>
          <HouseGameFrame game={game} />
        </Suspense>
      )}
      {game && hasGameSettings(game) ? <GameSettingsPanel game={game} /> : null}
    </Page>
  );
}

export default GamePage;
