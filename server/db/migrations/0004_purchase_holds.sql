-- Purchases still being paid (processing, requires_action) hold part of the player's purchase
-- limits and identity-verification threshold until they succeed or fail; the reconciliation job
-- walks them by status.
CREATE INDEX purchases_unsettled_idx ON purchases (updated_at)
  WHERE status IN ('processing', 'requires_action');
CREATE INDEX purchases_user_unsettled_idx ON purchases (user_id, created_at)
  WHERE status IN ('processing', 'requires_action');

-- The server process that claimed an Idempotency-Key: a claim of a process that died is released
-- by the reconciliation job instead of answering 409 IDEMPOTENCY_IN_PROGRESS until it goes stale.
ALTER TABLE idempotency_requests ADD COLUMN claimed_by text;

-- Running server processes, kept alive by the reconciliation job's heartbeat. `home` names the
-- host and data folder: a process starting on the same home replaces the previous one (its
-- claims are released at once).
CREATE TABLE server_instances (
  id text PRIMARY KEY,
  home text NOT NULL,
  started_at timestamptz NOT NULL,
  heartbeat_at timestamptz NOT NULL
);
CREATE INDEX server_instances_home_idx ON server_instances (home);

-- Pay-by-bank phone numbers used by more than one account (phones are not verified, so the
-- second player is not locked out; an operator reviews the pair). One row per player, other
-- account and phone; attempts and last_seen_at grow on repeats.
CREATE TABLE payment_phone_reviews (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  other_user_id uuid NOT NULL REFERENCES users (id),
  phone text NOT NULL,
  attempts integer NOT NULL DEFAULT 1,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  reviewed_at timestamptz,
  review_note text,
  UNIQUE (user_id, other_user_id, phone)
);
CREATE INDEX payment_phone_reviews_open_idx ON payment_phone_reviews (first_seen_at) WHERE reviewed_at IS NULL;
