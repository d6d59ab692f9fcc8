/**
 * A game vendor whose games run on its own origin and pay through our seamless wallet
 * (docs/vendor-wallet.md). Our side needs only this much of a vendor: where its frame loads from
 * and how to build the launch URL carrying our session token. The vendor's server calls our
 * wallet routes signed with the shared key (secrets.vendorWalletSecret).
 *
 * A real vendor plugs in by implementing this interface with its origin from configuration
 * (VENDOR_SANDBOX_ORIGIN names the sandbox's; a real vendor gets its own setting), given to the
 * server in `AppDeps.providers.vendorGames` instead of the sandbox's (server/providers/sandboxes.ts).
 */
import type { Currency } from '../../../src/contract/currency.ts';

export interface VendorLaunch {
  /** Our session token (10-255 characters) the vendor passes back on every wallet call. */
  token: string;
  gameId: string;
  currency: Currency;
}

export interface VendorGameProvider {
  /** Short name for logs. */
  readonly name: string;
  /** Origin the game's frame is loaded from: the app's CSP frame-src and the page's message check. */
  readonly origin: string;
  /** The URL the game page loads in its frame. */
  launchUrl(launch: VendorLaunch): string;
}
