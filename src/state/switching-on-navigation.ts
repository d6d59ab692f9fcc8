/** What a navigation does to currency switching (spec section 4, "Navigation effects"). */
import { store } from './store.ts';
import { setSwitchingDisabled } from './currency-actions.ts';

/**
 * Each navigation re-enables currency switching unless the selected game disables currencies
 * (its metadata lists some); the game page's own rules then apply.
 */
export function reenableSwitchingOnNavigation(): void {
  if (store.currency.gameDisabledCurrencies.length === 0) setSwitchingDisabled(false);
}
