/**
 * The complimentary Gold check of the game page (spec section 4: returning to a game triggers it).
 * Each time the page opens a game, and whenever the player's Gold drops below the game's minimum
 * Gold bet while it is open, the page-side conditions are checked (Gold active, the property on,
 * Gold short); then the server says whether an award is open today and its size, and the dialog
 * offers it. Declined or accepted, it is not offered again until the Gold has been enough once.
 */
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { complimentaryGoldTarget } from '../../contract/complimentary-gold-rule.ts';
import { PROPERTY_NAMES } from '../../contract/properties.ts';
import type { Game } from '../../contract/games.ts';
import { useNamedProperties } from '../../lib/use-named-properties.ts';
import { shouldCheckComplimentaryGold } from '../../state/complimentary-gold-check.ts';
import { openDialogOnce } from '../../state/dialog-actions.ts';
import { store } from '../../state/store.ts';
import { GAME_DIALOGS } from './game-dialog-kinds.ts';

const PROPERTY = [PROPERTY_NAMES.compStateAwardGold] as const;

export function useComplimentaryGold(game: Game): void {
  const { activeCurrency } = useSnapshot(store.currency);
  const { current } = useSnapshot(store.balances);
  const { values, ready } = useNamedProperties(PROPERTY);
  const gameId = game.id;
  const minimumGoldBet = game.min_bet.gold;
  const target = complimentaryGoldTarget(values[PROPERTY_NAMES.compStateAwardGold]);
  // Decided on the property's loaded value, not its default while loading.
  const short =
    ready &&
    shouldCheckComplimentaryGold({
      activeCurrency,
      propertyValue: values[PROPERTY_NAMES.compStateAwardGold],
      balances: current,
      minimumGoldBet,
    });
  // The game this shortage was already checked for (reset once the Gold is enough again).
  const checked = useRef<string | null>(null);

  useEffect(() => {
    if (!short) {
      checked.current = null;
      return;
    }
    if (checked.current === gameId) return;
    let live = true;
    // The call and its schemas load only for a player who is short of Gold.
    void import('../../state/complimentary-gold-actions.ts')
      .then(({ fetchComplimentaryGoldOffer }) => fetchComplimentaryGoldOffer(gameId))
      .then((offer) => {
        if (!live) return;
        checked.current = gameId;
        if (!offer?.available) return;
        openDialogOnce(GAME_DIALOGS.complimentaryGold, {
          gameId,
          award: offer.award_gld,
          goldCoinsBetValue: minimumGoldBet,
          target,
        });
      });
    return () => {
      live = false;
    };
  }, [short, gameId, minimumGoldBet, target]);
}
