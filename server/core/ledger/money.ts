/**
 * Minor units <-> wire display units. Gold is stored in whole coins, Sweeps and USD in cents. The
 * conversions are the contract's (src/contract/money.ts), shared with the app and the games.
 */
export {
  centsToDisplay,
  displayToCents,
  displayToMinor,
  minorToDisplay,
} from '../../../src/contract/money.ts';
