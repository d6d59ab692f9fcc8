-- One bank account funds one player (spec section 8, CANT_COMPLETE_PURCHASE sub-code
-- ach_account_in_use). The pay-by-bank provider names the bank account a payment was authorised
-- from (an opaque identifier, never the account number); the first player whose payment from it
-- was authorised owns it. Another player's payment from that account is refused and given back.
-- A joint account stays with the first player; support moves it by changing user_id here.
CREATE TABLE bank_account_owners (
  provider text NOT NULL,
  bank_account_id text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id),
  first_purchase_id uuid NOT NULL REFERENCES purchases (id),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (provider, bank_account_id)
);
CREATE INDEX bank_account_owners_user_idx ON bank_account_owners (user_id);

-- The bank account a pay-by-bank purchase was authorised from (NULL before authorization, and for cards).
ALTER TABLE purchases ADD COLUMN bank_account_id text;
-- A payment the provider took but we refused to credit (the account closed before it settled, or
-- its bank account belongs to another player): it is given back to the payer. refund_due_at is
-- set in the transaction that refuses it; refunded_at once the provider confirmed the refund
-- (retried by the reconciliation job until then).
ALTER TABLE purchases ADD COLUMN refund_due_at timestamptz;
ALTER TABLE purchases ADD COLUMN refunded_at timestamptz;
CREATE INDEX purchases_refund_due_idx ON purchases (refund_due_at) WHERE refund_due_at IS NOT NULL AND refunded_at IS NULL;
