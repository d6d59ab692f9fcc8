-- Issue 21 items 12 and 4 (docs/redemption.md).
-- The player's redemption form in progress, kept between visits (the spec's user field
-- temp_withdrawal_data): method, amount typed, PayPal email, gift card brand, bank holder name,
-- routing number and account type. Never a bank account number (the API refuses one).
ALTER TABLE users ADD COLUMN temp_withdrawal_data jsonb;

-- A prize-out is sent to the prize-out provider when the operator approves it. The provider's id
-- of the payout, kept when it answers, so the timeline and the operator can name it. The
-- idempotency key sent to the provider derives from the redemption id, so a resend after a lost
-- answer finds the same payout there (paid once).
ALTER TABLE redemptions ADD COLUMN payout_reference text;
