/**
 * A house game on its page: the game's own page (/games/<id>/, same origin, sandboxed) in an
 * iframe, wired to the page through the host bridge, with the Fairness panel and a link to this
 * game's recent rounds beside it.
 *
 * The frame applies each game event's rule through the store's actions (switching, immediate or
 * delayed balances), tells the game when the player switches currency on the page or the
 * connection changes, and on leaving re-enables switching and reloads the balances.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { enums, is, nullable, string, type } from 'superstruct';
import { subscribe } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { css } from '@linaria/core';
import { GAME_ERROR_CODES, ROUND_STATUSES, type Game } from '../../../contract/games.ts';
import { gameHistoryPath, ROUTES } from '../../../contract/routes.ts';
import { store } from '../../../state/store.ts';
import { gameSettingsOf } from '../../../contract/player-data.ts';
import {
  applyGameEvent,
  applyGameFrameLoaded,
  leaveGamePage,
  noteGameRound,
} from '../../../state/game-event-actions.ts';
import { isBrowserOnline, useBrowserOnline } from '../../../pwa/online-status.ts';
import { landPendingAndReloadBalances } from '../../../state/balances-actions.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { connectHostBridge, type GameNavigateTarget, type HostBridge } from './host-bridge.ts';
import { FairnessPanel } from './fairness-panel.tsx';
import { fairSend, keepRoundCommitment } from './fair-play.ts';
import { ensureClientSeed } from '../../../lib/fair-client-seed.ts';

const wrap = css`
  display: grid;
  gap: var(--space-2);
`;
const frameClass = css`
  display: block;
  width: 100%;
  /* Tall enough for a hand of cards and its buttons at 390 px, without hiding the toolbar. */
  height: min(78dvh, 760px);
  min-height: 420px;
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  background: var(--color-surface);
`;
const toolbar = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-3);
  justify-content: flex-end;
`;
const recentLink = css`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  color: var(--color-gold);
  font-weight: 700;
`;

const EMPTY_BALANCES = {
  balance_paid_ghc: 0,
  balance_free_ghc: 0,
  balance_redeemable_ghc: 0,
  balance_redeemable_available_ghc: 0,
  balance_total_ghc: 0,
  balance_total_gld: 0,
};

/** An API answer carrying a round (start, action, purchase, resume) or the lack of one. */
const RoundCarrier = type({
  round: nullable(type({ game_id: string(), status: enums(ROUND_STATUSES) })),
});

const ErrorCarrier = type({ code: string() });

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** What the game is told of the player's settings: the device's reduced motion counts too. */
function gameSettingsForGame(): { reduced_motion: boolean; quick_spin: boolean } {
  const settings = gameSettingsOf(store.session.user?.user_data ?? {});
  return {
    reduced_motion: prefersReducedMotion() || settings.reduced_motion,
    quick_spin: settings.quick_spin,
  };
}

const NAVIGATE_TARGETS: Record<Exclude<GameNavigateTarget, 'recall'>, string> = {
  lobby: ROUTES.lobby,
  rules: ROUTES.policiesGameRules,
  buy_coins: ROUTES.buyCoins,
};

export function HouseGameFrame({ game }: { game: Game }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const bridgeRef = useRef<HostBridge | null>(null);
  const navigate = useNavigate();
  // The bridge lives as long as the game: it reads the latest navigate without reconnecting.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  // The game's controls follow the browser's network: a lost answer leaves Try again usable.
  const online = useBrowserOnline();
  const gameId = game.id;
  // The catalogue's bet steps, the only bets the game offers (read when the game loads).
  const betStepsRef = useRef(game.bet_steps);
  useEffect(() => {
    betStepsRef.current = game.bet_steps;
  }, [game.bet_steps]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    // The player's client seed is made here before the first round (the server never picks it).
    void ensureClientSeed().catch(() => undefined);
    const bridge = connectHostBridge({
      frame,
      gameId,
      send: fairSend,
      init: () => ({
        game_id: gameId,
        currency: store.currency.activeCurrency,
        balances: { ...(store.balances.current ?? EMPTY_BALANCES) },
        online: isBrowserOnline(),
        ...gameSettingsForGame(),
        ...(store.session.user ? { player_id: store.session.user.id } : {}),
        bet_steps: betStepsRef.current,
      }),
      online: isBrowserOnline,
      onLoaded: applyGameFrameLoaded,
      onEvent: (message) => applyGameEvent(message),
      onAnswer: (_call, body) => {
        keepRoundCommitment(body);
        if (!is(body, RoundCarrier)) return;
        if (body.round) noteGameRound(body.round.game_id, body.round.status);
        else noteGameRound(gameId, 'finished');
      },
      onRefusal: (_call, body) => {
        // The round was finished by an earlier try whose answer was lost: its win is paid.
        if (is(body, ErrorCarrier) && body.code === GAME_ERROR_CODES.ROUND_FINISHED)
          void landPendingAndReloadBalances();
      },
      onNavigate: (to) => {
        void navigateRef.current(to === 'recall' ? gameHistoryPath(gameId) : NAVIGATE_TARGETS[to]);
      },
    });
    bridgeRef.current = bridge;
    // A currency set on the page while the game is open is dispatched to the game.
    const unsubscribe = subscribeKey(store.currency, 'activeCurrency', (currency) =>
      bridge.swapCurrency(currency),
    );
    // A game setting changed on the page (or arriving from another device) reaches the open game.
    let sentSettings = JSON.stringify(gameSettingsForGame());
    const unsubscribeSettings = subscribe(store.session, () => {
      const next = gameSettingsForGame();
      const text = JSON.stringify(next);
      if (text === sentSettings) return;
      sentSettings = text;
      bridge.setSettings(next);
    });
    return () => {
      unsubscribe();
      unsubscribeSettings();
      bridge.dispose();
      bridgeRef.current = null;
      void leaveGamePage();
    };
  }, [gameId]);

  useEffect(() => {
    bridgeRef.current?.setOnline(online);
  }, [online]);

  return (
    <div className={wrap}>
      <iframe
        ref={frameRef}
        className={frameClass}
        src={`/games/${encodeURIComponent(gameId)}/`}
        title={`${game.name} game`}
        sandbox="allow-scripts allow-same-origin"
      />
      <div className={toolbar}>
        <AppLink to={gameHistoryPath(gameId)} className={recentLink}>
          Recent rounds
        </AppLink>
        <FairnessPanel gameId={gameId} gameName={game.name} />
      </div>
    </div>
  );
}
