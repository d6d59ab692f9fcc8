/**
 * The game page's own settings, folded under the game: the favourite star lives in the top bar;
 * here, the game settings that do something in this game (reduce motion in the animated house
 * games, quick spin in the slots). A change applies at once (the open game hears it) and follows
 * the player to other devices (state/player-data-actions.ts). The panel opens folded: its fields
 * (and their form parts) load beside the page, so they weigh on no first load and, hidden under the
 * summary until opened, move nothing when they arrive.
 */
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import { HOUSE_GAME_IDS, type Game } from '../../contract/games-catalogue.ts';
import { gameSettingsOf } from '../../contract/player-data.ts';
import { setGameSettingSoon } from '../../state/player-data-soon.ts';
import { store } from '../../state/store.ts';
import { usePrefersReducedMotion } from '../../ui/use-prefers-reduced-motion.ts';

/** The house games that animate, so reduce motion changes them. */
const ANIMATED_GAMES: ReadonlySet<string> = new Set([
  HOUSE_GAME_IDS.slots,
  HOUSE_GAME_IDS.blackjack,
  HOUSE_GAME_IDS.videoPoker,
]);

const GameSettingsFields = lazy(async () => ({
  default: (await import('../../ui/game-settings-fields.tsx')).GameSettingsFields,
}));

const panel = css`
  margin: var(--space-3) 0 0;
  & summary {
    cursor: pointer;
    font-weight: 600;
    min-height: 44px;
    display: flex;
    align-items: center;
  }
`;

/** Whether the game page shows game settings for `game` (a game none of them changes shows none). */
export const hasGameSettings = (game: Pick<Game, 'id' | 'kind'>): boolean =>
  game.kind === 'house' && ANIMATED_GAMES.has(game.id);

export function GameSettingsPanel({ game }: { game: Pick<Game, 'id' | 'kind'> }) {
  const { user } = useSnapshot(store.session);
  const deviceReducesMotion = usePrefersReducedMotion();
  const settings = gameSettingsOf(user?.user_data ?? {});
  return (
    <details className={panel} data-testid="game-settings">
      <summary>Game settings</summary>
      <Suspense fallback={null}>
        <GameSettingsFields
          legend="Settings for your games"
          settings={settings}
          onChange={setGameSettingSoon}
          showQuickSpin={game.id === HOUSE_GAME_IDS.slots}
          deviceReducesMotion={deviceReducesMotion}
          note="Saved to your account: they apply on any device you sign in on."
        />
      </Suspense>
    </details>
  );
}
