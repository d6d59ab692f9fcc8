/** Lucky Scratch's prizes: a ticket's price times a prize tier's multiplier. */
import type { Currency } from '../../src/contract/currency.ts';
import { displayToMinor, minorToDisplay } from '../../src/contract/money.ts';

/** price x multiplier in display units, exact (reckoned in minor units: prices are whole cents, multipliers whole). */
export const prizeFor = (currency: Currency, price: number, multiplier: number): number =>
  minorToDisplay(currency, displayToMinor(currency, price) * multiplier);
