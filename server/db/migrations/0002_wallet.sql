-- Issue 4 money core (wallet side): ledger descriptions and currency totals, idempotent requests,
-- promo codes, player purchase limits and the purchase accounting they are checked against.

-- The currency's total after each entry (Sweeps: paid + free + redeemable) for the history pages;
-- balance_after_minor stays the bucket's own balance. A short text for the history line.
ALTER TABLE ledger_entries ADD COLUMN currency_total_after_minor bigint CHECK (currency_total_after_minor >= 0);
ALTER TABLE ledger_entries ADD COLUMN description text;
-- Reversals point at the entry they undo; an entry is reversed at most once.
ALTER TABLE ledger_entries ADD COLUMN reverses_entry_id bigint REFERENCES ledger_entries (id);
CREATE UNIQUE INDEX ledger_entries_reverses_key ON ledger_entries (reverses_entry_id) WHERE reverses_entry_id IS NOT NULL;
CREATE INDEX ledger_entries_user_kind_idx ON ledger_entries (user_id, currency, kind, created_at DESC);

-- Answers of money-changing requests, keyed by (scope = user id or 'anon', Idempotency-Key).
-- status/response_body are NULL while the first request is running.
CREATE TABLE idempotency_requests (
  scope text NOT NULL,
  key text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  request_sha256 text NOT NULL,
  status integer,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_requests_created_idx ON idempotency_requests (created_at);

-- Promo codes. gold_coins / sweeps_cents NULL with uses_welcome_config = true: the amounts come
-- from the server configuration (WELCOME_PROMO_SWEEPS), see docs/ledger.md.
CREATE TABLE promo_codes (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9_-]{2,64}$'),
  description text NOT NULL DEFAULT '',
  gold_coins bigint CHECK (gold_coins >= 0),
  sweeps_cents bigint CHECK (sweeps_cents >= 0),
  uses_welcome_config boolean NOT NULL DEFAULT false,
  applies_at text NOT NULL CHECK (applies_at IN ('join', 'purchase', 'both')),
  starts_at timestamptz,
  ends_at timestamptz,
  max_uses_total integer CHECK (max_uses_total > 0),
  max_uses_per_player integer NOT NULL DEFAULT 1 CHECK (max_uses_per_player > 0),
  uses_count integer NOT NULL DEFAULT 0 CHECK (uses_count >= 0),
  -- minimum seconds between two purchases with a promotion by one player (PROMO_PURCHASE_TIME_LOCKED)
  purchase_time_lock_seconds integer NOT NULL DEFAULT 0 CHECK (purchase_time_lock_seconds >= 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (max_uses_total IS NULL OR uses_count <= max_uses_total),
  CHECK (uses_welcome_config OR (gold_coins IS NOT NULL AND sweeps_cents IS NOT NULL))
);

CREATE TABLE promo_redemptions (
  id bigserial PRIMARY KEY,
  code text NOT NULL REFERENCES promo_codes (code),
  user_id uuid NOT NULL REFERENCES users (id),
  context text NOT NULL CHECK (context IN ('join', 'purchase')),
  purchase_id text,
  gold_coins bigint NOT NULL,
  sweeps_cents bigint NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (code, user_id, context, purchase_id)
);
CREATE INDEX promo_redemptions_user_idx ON promo_redemptions (user_id, context, created_at DESC);

-- Player purchase limits: the limit in force and an increase/removal waiting out its cooling-off.
CREATE TABLE purchase_limits (
  user_id uuid NOT NULL REFERENCES users (id),
  period text NOT NULL CHECK (period IN ('daily', 'weekly', 'monthly')),
  amount_usd_cents bigint CHECK (amount_usd_cents > 0),
  pending_set boolean NOT NULL DEFAULT false,
  pending_amount_usd_cents bigint CHECK (pending_amount_usd_cents > 0),
  pending_effective_at timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, period),
  CHECK (pending_set = (pending_effective_at IS NOT NULL)),
  CHECK (pending_set OR pending_amount_usd_cents IS NULL)
);

-- Completed purchases as the limits count them; written by creditPurchase in the purchase's transaction.
CREATE TABLE purchase_limit_usage (
  purchase_id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  amount_usd_cents bigint NOT NULL CHECK (amount_usd_cents >= 0),
  created_at timestamptz NOT NULL
);
CREATE INDEX purchase_limit_usage_user_idx ON purchase_limit_usage (user_id, created_at DESC);
