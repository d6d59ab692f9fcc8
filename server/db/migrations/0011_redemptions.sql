-- Redemptions: redeemable Sweeps Coins turned into a prize (docs/redemption.md).
-- The coins move in the ledger in the same transaction as each status change:
-- request: redeemable -> pending_redemption, cancel / reject: back, paid: pending_redemption -> gone.
-- The W-9 rule reads user_id, usd_cents, status and created_at: keep those names.
CREATE TABLE redemptions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  method text NOT NULL CHECK (method IN ('gift_card', 'paypal', 'ach', 'paper_check', 'prizeout')),
  -- a cash out: PayPal to the e-wallet on file, for a fee, on shorter service levels
  cash_out boolean NOT NULL DEFAULT false,
  -- Sweeps Coins taken for the prize (cents), and its value
  sweeps_cents bigint NOT NULL CHECK (sweeps_cents > 0),
  usd_cents bigint NOT NULL CHECK (usd_cents > 0),
  -- the redemption values rate in force at the request (fees are converted with it)
  sweeps_per_usd numeric NOT NULL CHECK (sweeps_per_usd > 0),
  -- fees charged so far: the cash-out fee at the request, the rejected ACH fee at a bank rejection
  fee_usd_cents bigint NOT NULL DEFAULT 0 CHECK (fee_usd_cents >= 0),
  fee_sweeps_cents bigint NOT NULL DEFAULT 0 CHECK (fee_sweeps_cents >= 0),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'sent', 'paid', 'cancelled', 'rejected')),
  minimum_tier text NOT NULL CHECK (minimum_tier IN ('regular', 'low')),
  -- destinations: only the field of the method is set
  paypal_email text,
  bank_account_holder text,
  bank_routing_number text CHECK (bank_routing_number ~ '^[0-9]{9}$'),
  bank_account_last4 text CHECK (bank_account_last4 ~ '^[0-9]{4}$'),
  bank_account_type text CHECK (bank_account_type IN ('checking', 'savings')),
  -- the full account number, AES-256-GCM encrypted (never stored in clear)
  bank_account_encrypted text,
  mailing_address jsonb,
  gift_card_brand text,
  prizeout_email text,
  rejection_reason text,
  -- the Idempotency-Key of the request (scoped by player): a retry finds the same row
  request_key text NOT NULL UNIQUE,
  -- the ledger entries of the request, reversed by a cancel or a rejection
  debit_entry_id bigint REFERENCES ledger_entries (id),
  hold_entry_id bigint REFERENCES ledger_entries (id),
  fee_entry_id bigint REFERENCES ledger_entries (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (method <> 'paypal' OR paypal_email IS NOT NULL),
  CHECK (method <> 'ach' OR (bank_routing_number IS NOT NULL AND bank_account_last4 IS NOT NULL AND bank_account_encrypted IS NOT NULL)),
  CHECK (method <> 'paper_check' OR mailing_address IS NOT NULL),
  CHECK (method <> 'gift_card' OR gift_card_brand IS NOT NULL),
  CHECK (status <> 'rejected' OR rejection_reason IS NOT NULL)
);
CREATE INDEX redemptions_user_idx ON redemptions (user_id, created_at DESC);
CREATE INDEX redemptions_status_idx ON redemptions (status, created_at);

-- The status timeline: one row per step, with the time the next step is expected.
CREATE TABLE redemption_events (
  id bigserial PRIMARY KEY,
  redemption_id uuid NOT NULL REFERENCES redemptions (id),
  step text NOT NULL
    CHECK (step IN ('requested', 'identity_checked', 'approved', 'sent', 'paid', 'cancelled', 'rejected')),
  at timestamptz NOT NULL,
  expected_next_at timestamptz,
  note text,
  UNIQUE (redemption_id, step)
);

-- The account's e-wallet: set by the first PayPal redemption. One e-wallet email per account and
-- one account per e-wallet email (the unique index refuses a second account at once, even racing).
CREATE TABLE redemption_ewallets (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  provider text NOT NULL DEFAULT 'paypal' CHECK (provider = 'paypal'),
  email text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX redemption_ewallets_email_key ON redemption_ewallets (lower(email));
