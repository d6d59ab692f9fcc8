/**
 * "Game settings" (id game-settings): reduce motion and quick spin, saved to the player's account
 * so they apply on every device (state/player-data-actions.ts; sound has no box until a game plays
 * sound, docs/player-settings.md), and how many favourite games the player has, with the way to
 * the lobby's Favourites.
 */
import { useSnapshot } from 'valtio';
import { favouritesOf, gameSettingsOf } from '../../contract/player-data.ts';
import { ROUTES } from '../../contract/routes.ts';
import { setGameSetting } from '../../state/player-data-actions.ts';
import { store } from '../../state/store.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { GameSettingsFields } from '../../ui/game-settings-fields.tsx';
import { Card } from '../../ui/page.tsx';
import { usePrefersReducedMotion } from '../../ui/use-prefers-reduced-motion.ts';
import { fragmentHeading } from './fragment-heading.ts';

export function GameSettingsSection() {
  const { user } = useSnapshot(store.session);
  const deviceReducesMotion = usePrefersReducedMotion();
  const data = user?.user_data ?? {};
  const favourites = favouritesOf(data).length;
  return (
    <Card as="div">
      <section aria-labelledby="game-settings">
        <h2 id="game-settings" tabIndex={-1} className={fragmentHeading}>
          Game settings
        </h2>
        <GameSettingsFields
          legend="For every game on every device you sign in on"
          settings={gameSettingsOf(data)}
          onChange={(name, value) => void setGameSetting(name, value)}
          showQuickSpin
          deviceReducesMotion={deviceReducesMotion}
          note="Reduce motion applies to Crown Jewels, Blackjack and Jacks or Better; quick spin to Crown Jewels."
        />
        <p>
          {favourites === 0
            ? 'You have no favourite games yet: tap the star on a game to add one.'
            : `You have ${favourites} favourite ${favourites === 1 ? 'game' : 'games'}.`}{' '}
          <AppLink to={ROUTES.lobbyFavourites}>See your favourites in the lobby</AppLink>
        </p>
      </section>
    </Card>
  );
}
