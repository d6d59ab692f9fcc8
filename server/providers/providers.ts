/**
 * The outside services the API server depends on, one field each, given to it in its dependencies
 * (`AppDeps.providers`): server.ts builds them (the sandboxes of sandboxes.ts for the demo), the
 * API test harness builds them in memory. Mail is `AppDeps.email`. A real provider replaces a
 * sandbox by implementing the same interface (docs/operations.md, "Real providers").
 */
import type { CardProcessor } from './card-processor/card-processor.ts';
import type { IdentityProvider } from './kyc/kyc-provider.ts';
import type { PayByBankProvider } from './pay-by-bank/pay-by-bank.ts';
import type { ReviewsProvider } from './reviews/reviews-provider.ts';
import type { PrizeOutProvider } from './prize-out/prize-out-provider.ts';
import type { SmsProvider } from './sms/sms-provider.ts';
import type { SocialIdentityProviders } from './social-identity/social-identity-provider.ts';
import type { SupportDesk } from './support-desk/support-desk.ts';
import type { VendorGameProvider } from './vendor-games/vendor-game-provider.ts';

export interface Providers {
  /** Card payments: hosted card fields, 3-D Secure, saved cards (docs/payments.md). */
  card: CardProcessor;
  /** Pay-by-bank purchases (docs/payments.md). */
  bank: PayByBankProvider;
  /** Identity verification (docs/kyc.md). */
  identity: IdentityProvider;
  /** Text messages: mobile verification codes (docs/mobile-verification.md). */
  sms: SmsProvider;
  /** The game vendor whose games pay through our seamless wallet (docs/vendor-wallet.md). */
  vendorGames: VendorGameProvider;
  /** Google and Facebook sign-in (docs/social-sign-in.md). */
  social: SocialIdentityProviders;
  /** The help center and its JWT sign-in (docs/support-desk.md). */
  supportDesk: SupportDesk;
  /** The review platform: the footer's rating and review count (docs/reviews.md). */
  reviews: ReviewsProvider;
  /** Prize-out payouts: the prize sent to the email the player confirmed (docs/redemption.md). */
  prizeOut: PrizeOutProvider;
}
