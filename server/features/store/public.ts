/** What the store feature offers the other features: their only way in (eslint.server-layers.js). */
export {
  assertCoinStoreEnabled,
  findPackage,
  packageNotFound,
  sweepsEligibility,
  type PackageRow,
} from './coin-packages.ts';
