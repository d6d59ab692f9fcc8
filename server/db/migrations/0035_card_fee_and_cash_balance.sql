-- Card fee pass-through and a cash balance applied to a purchase (docs/payments.md, "Card fee"
-- and "Cash balance applied to a purchase").
--
-- amount_usd_cents stays the package's price (what the purchase limits, the identity threshold
-- and the yearly summary count). The new columns say how that price was paid:
--   balance_applied_usd_cents    the part paid from the player's cash balance (redeemable Sweeps),
--   balance_applied_sweeps_cents the redeemable Sweeps (cents) that left the account for it,
--   balance_entry_id             the ledger entry that took them (reversed when the purchase fails),
--   card_fee_usd_cents           the card fee passed through (0 for pay-by-bank and full cover),
--   charge_usd_cents             what the provider is asked for: price - balance applied + card fee
--                                (0 = nothing charged; such a purchase never reaches a provider).
ALTER TABLE purchases ADD COLUMN balance_applied_usd_cents integer NOT NULL DEFAULT 0
  CHECK (balance_applied_usd_cents >= 0);
ALTER TABLE purchases ADD COLUMN balance_applied_sweeps_cents bigint NOT NULL DEFAULT 0
  CHECK (balance_applied_sweeps_cents >= 0);
ALTER TABLE purchases ADD COLUMN balance_entry_id bigint REFERENCES ledger_entries (id);
ALTER TABLE purchases ADD COLUMN card_fee_usd_cents integer NOT NULL DEFAULT 0 CHECK (card_fee_usd_cents >= 0);
ALTER TABLE purchases ADD COLUMN charge_usd_cents integer;
UPDATE purchases SET charge_usd_cents = amount_usd_cents;
ALTER TABLE purchases ALTER COLUMN charge_usd_cents SET NOT NULL;
ALTER TABLE purchases ADD CONSTRAINT purchases_charge_check
  CHECK (charge_usd_cents >= 0 AND charge_usd_cents = amount_usd_cents - balance_applied_usd_cents + card_fee_usd_cents);
ALTER TABLE purchases ADD CONSTRAINT purchases_balance_applied_check
  CHECK (balance_applied_usd_cents <= amount_usd_cents);
