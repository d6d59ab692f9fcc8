/**
 * The redeem form kept between visits (the user's temp_withdrawal_data, docs/redemption.md), as
 * the server answers it, with the methods and gift card brands it names. Its own small module:
 * the user schema (src/contract/schemas.ts, in every route's start-up) reads it, and the rest of
 * the redemption contract (src/contract/redemption.ts, which re-exports all of this) stays with
 * the redemption pages.
 */
import { enums, nullable, optional, string, type, type Infer } from 'superstruct';

export const REDEMPTION_METHODS = ['gift_card', 'paypal', 'ach', 'paper_check', 'prizeout'] as const;
export type RedemptionMethod = (typeof REDEMPTION_METHODS)[number];

/** Brands a gift card can be taken in. */
export const GIFT_CARD_BRANDS = ['amazon', 'target', 'walmart', 'visa_prepaid'] as const;
export type GiftCardBrand = (typeof GIFT_CARD_BRANDS)[number];

/** The kept form with the time it was saved; null when there is none. */
export const TempWithdrawalDataAnswerSchema = type({
  temp_withdrawal_data: nullable(
    type({
      method: enums(REDEMPTION_METHODS),
      amount: optional(string()),
      paypal_email: optional(string()),
      gift_card_brand: optional(enums(GIFT_CARD_BRANDS)),
      bank: optional(
        type({
          account_holder: optional(string()),
          routing_number: optional(string()),
          account_type: optional(enums(['checking', 'savings'] as const)),
        }),
      ),
      saved_at: string(),
    }),
  ),
});
export type TempWithdrawalDataAnswer = Infer<typeof TempWithdrawalDataAnswerSchema>;
export type KeptWithdrawalData = NonNullable<TempWithdrawalDataAnswer['temp_withdrawal_data']>;
