/** The one error type routes throw; the error handler turns it into `{ code, message, field, extra }`. */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ErrorCode } from '../../src/contract/errors.ts';
import type { WalletErrorCode } from '../../src/contract/wallet.ts';
import type { PaymentErrorCode } from '../../src/contract/payments.ts';
import type { GameErrorCode } from '../../src/contract/games.ts';
import type { VendorWalletErrorCode } from '../../src/contract/vendor-wallet.ts';
import type { PlayerStandingErrorCode } from '../../src/contract/player-standing.ts';
import type { MobileVerificationErrorCode } from '../../src/contract/mobile-verification.ts';
import type { OperatorErrorCode } from '../../src/contract/operator.ts';
import type { KycErrorCode } from '../../src/contract/kyc.ts';
import type { TaxErrorCode } from '../../src/contract/tax.ts';
import type { AmoeErrorCode } from '../../src/contract/amoe.ts';
import type { RedemptionErrorCode } from '../../src/contract/redemption.ts';
import type { DailyBonusErrorCode } from '../../src/contract/daily-bonus.ts';
import type { LegalAcceptanceErrorCode } from '../../src/contract/legal-acceptance.ts';
import type { ResponsiblePlayErrorCode } from '../../src/contract/responsible-play.ts';
import type { CommunicationPreferencesErrorCode } from '../../src/contract/communication-preferences.ts';
import type { ComplimentaryGoldErrorCode } from '../../src/contract/complimentary-gold.ts';
import type { LeaderboardErrorCode } from '../../src/contract/leaderboard.ts';
import type { PromoErrorCode } from '../../src/contract/promotions.ts';
import type { AccountErrorCode } from '../../src/contract/account.ts';
import type { SocialAuthErrorCode } from '../../src/contract/social-auth.ts';
import type { ReviewsErrorCode } from '../../src/contract/reviews.ts';

/** Every code the API may answer: the shared catalogue plus each feature's own catalogue. */
export type ApiErrorCode =
  | ErrorCode
  | MobileVerificationErrorCode
  | KycErrorCode
  | WalletErrorCode
  | PaymentErrorCode
  | GameErrorCode
  | VendorWalletErrorCode
  | OperatorErrorCode
  | PlayerStandingErrorCode
  | LegalAcceptanceErrorCode
  | ResponsiblePlayErrorCode
  | CommunicationPreferencesErrorCode
  | TaxErrorCode
  | AmoeErrorCode
  | RedemptionErrorCode
  | DailyBonusErrorCode
  | ComplimentaryGoldErrorCode
  | LeaderboardErrorCode
  | PromoErrorCode
  | AccountErrorCode
  | SocialAuthErrorCode
  | ReviewsErrorCode;

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly field: string | null = null,
    readonly extra: Record<string, unknown> | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody {
    return { code: this.code, message: this.message, field: this.field, extra: this.extra };
  }
}
