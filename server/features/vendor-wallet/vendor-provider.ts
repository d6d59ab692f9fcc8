/**
 * The game vendor the launch route hands sessions to: the one given in the server's dependencies
 * (`AppDeps.providers.vendorGames`; the sandbox on VENDOR_SANDBOX_ORIGIN in this build).
 */
import type { AppDeps } from '../../core/deps.ts';
import type { VendorGameProvider } from '../../providers/vendor-games/vendor-game-provider.ts';

export const vendorGameProvider = (deps: AppDeps): VendorGameProvider => deps.providers.vendorGames;
