/**
 * The prize-out provider: it delivers a player's prize to the email the player confirmed
 * (docs/redemption.md, "Prize-out payouts"). The API calls it when the operator approves a
 * prize-out: one payout per redemption, created with an idempotency key derived from the
 * redemption, so a call repeated after a lost answer finds the payout made the first time.
 * The sandbox (sandbox/) implements it; a real provider replaces it by implementing the same
 * interface (docs/operations.md, "Real providers").
 */

/** processing: accepted, not yet delivered (poll it); paid: delivered; refused: will not be paid. */
export const PRIZE_OUT_PAYOUT_STATUSES = ['processing', 'paid', 'refused'] as const;
export type PrizeOutPayoutStatus = (typeof PRIZE_OUT_PAYOUT_STATUSES)[number];

export interface PrizeOutPayout {
  /** The provider's id, e.g. po_…; kept on the redemption (payout_reference). */
  id: string;
  status: PrizeOutPayoutStatus;
  amount_cents: number;
  email: string;
  /** Our reference: the redemption id. */
  reference: string;
  /** Why a refused payout was refused (for the operator and the player). */
  refusal_reason: string | null;
}

export interface CreatePayoutInput {
  /** Same key, same payout: the provider answers the first payout again instead of paying twice. */
  idempotencyKey: string;
  reference: string;
  email: string;
  amountCents: number;
}

/** The provider could not be reached, answered 5xx, or its answer was lost: try again later. */
export class PrizeOutUnavailableError extends Error {
  constructor(detail: string) {
    super(`prize-out provider unavailable: ${detail}`);
    this.name = 'PrizeOutUnavailableError';
  }
}

export interface PrizeOutProvider {
  /** Creates (or, with a key seen before, finds) the payout. A refusal answers status refused. */
  createPayout(input: CreatePayoutInput): Promise<PrizeOutPayout>;
  /** The payout as it is now (the poll of a processing payout); null when the provider has none. */
  getPayout(id: string): Promise<PrizeOutPayout | null>;
}
