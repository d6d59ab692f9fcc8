-- Issue 4 money core (payments side): coin packages, the processor customer of each player,
-- saved cards, purchases (card and pay-by-bank), processed webhook events, payment locks, and the
-- identity-verification mark the monthly purchase threshold checks.

-- Prices in USD cents, Gold in coins, Sweeps in cents (minor units, like the ledger).
CREATE TABLE coin_packages (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{1,64}$'),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  price_usd_cents integer NOT NULL CHECK (price_usd_cents > 0),
  original_price_usd_cents integer CHECK (original_price_usd_cents > 0),
  gold_coins bigint NOT NULL CHECK (gold_coins > 0),
  sweeps_cents bigint NOT NULL DEFAULT 0 CHECK (sweeps_cents >= 0),
  featured boolean NOT NULL DEFAULT false,
  show_countdown boolean NOT NULL DEFAULT false,
  end_time timestamptz,
  cdn_image text,
  cdn_image_width integer,
  cdn_image_height integer,
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The card processor's customer object of a player (saved cards hang off it).
CREATE TABLE payment_customers (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  provider text NOT NULL,
  customer_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Saved cards: only the processor's payment method id and display data; never card numbers.
CREATE TABLE saved_cards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  provider text NOT NULL,
  payment_method_id text NOT NULL UNIQUE,
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^\d{4}$'),
  exp_month smallint NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year smallint NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX saved_cards_user_idx ON saved_cards (user_id) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX saved_cards_one_default ON saved_cards (user_id) WHERE is_default AND deleted_at IS NULL;

-- One row per purchase attempt. Coins are credited exactly once: the row is locked and moved to
-- 'succeeded' in the same transaction as the ledger entries (credited_at set).
CREATE TABLE purchases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  package_id text NOT NULL REFERENCES coin_packages (id),
  method text NOT NULL CHECK (method IN ('card', 'pay_by_bank')),
  status text NOT NULL CHECK (status IN ('requires_action', 'processing', 'succeeded', 'failed')),
  amount_usd_cents integer NOT NULL CHECK (amount_usd_cents > 0),
  gold_coins bigint NOT NULL CHECK (gold_coins >= 0),
  sweeps_cents bigint NOT NULL CHECK (sweeps_cents >= 0),
  sweeps_withheld boolean NOT NULL DEFAULT false,
  promo_code text,
  provider text NOT NULL,
  -- "<user id>:<Idempotency-Key>" of the creating request: a retry after a lost answer resumes this row
  request_key text NOT NULL UNIQUE,
  -- payment intent id (card) or bank payment id; NULL until the provider answered
  provider_reference text UNIQUE,
  saved_card_id uuid REFERENCES saved_cards (id),
  -- the processor's payment method used; save_card keeps a new card once the payment succeeds
  payment_method_id text,
  save_card boolean NOT NULL DEFAULT false,
  card_brand text,
  card_last4 text,
  phone text,
  three_d_secure_url text,
  authorization_url text,
  error_code text,
  error_sub_code text,
  error_message text,
  is_first_purchase boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  credited_at timestamptz,
  CHECK ((status = 'succeeded') = (credited_at IS NOT NULL))
);
CREATE INDEX purchases_user_idx ON purchases (user_id, created_at DESC);
CREATE INDEX purchases_user_package_idx ON purchases (user_id, package_id, created_at DESC);

-- Webhook events already handled (provider, event id): a replayed event changes nothing.
CREATE TABLE payment_webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- Players whose purchases are locked (e.g. pay-by-bank phone already used by another account).
CREATE TABLE payment_account_locks (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  reason text NOT NULL,
  detail text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Set by identity verification (KYC, a later issue); the monthly purchase threshold checks it.
ALTER TABLE users ADD COLUMN identity_verified_at timestamptz;
