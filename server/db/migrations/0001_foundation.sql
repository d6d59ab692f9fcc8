-- Issue 2 foundation: players, sessions, sign-in throttling, wallet ledger, named properties,
-- legal documents, mail outbox, login promotions.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  -- normalised first + last name + birth date + ZIP: one account per person
  person_key text NOT NULL,
  -- normalised last name + ZIP: at most two accounts per household
  household_key text NOT NULL,
  birth_year smallint NOT NULL,
  birth_month smallint NOT NULL CHECK (birth_month BETWEEN 1 AND 12),
  birth_day smallint NOT NULL CHECK (birth_day BETWEEN 1 AND 31),
  postal_code text NOT NULL,
  state_or_province text NOT NULL CHECK (length(state_or_province) = 2),
  address_line_1 text,
  address_line_2 text,
  city text,
  phone text,
  first_purchase_name text,
  profile_pic text,
  account_state text NOT NULL DEFAULT 'active'
    CHECK (account_state IN ('active', 'pending_mobile_verification', 'closed')),
  mobile_verified boolean NOT NULL DEFAULT false,
  user_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  promo_code text,
  -- utm_*, gclid, fbp, fbc, fbclid, referral_token, wfv, g_id as sent at sign-up
  attribution jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_password_change timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
CREATE UNIQUE INDEX users_person_key ON users (person_key);
CREATE INDEX users_household_idx ON users (household_key);

CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- all tokens rotated from one sign-in share a family; reuse of a rotated one revokes it
  family_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

-- Sign-in and recovery attempts counted per email and per client address (stateless servers).
CREATE TABLE throttle_events (
  id bigserial PRIMARY KEY,
  scope text NOT NULL,
  subject text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX throttle_events_lookup_idx ON throttle_events (scope, subject, created_at);

CREATE TABLE sign_in_links (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sign_in_links_user_idx ON sign_in_links (user_id);

-- Balances in minor units: Gold in coins, Sweeps in cents. Changed only together with a ledger entry.
CREATE TABLE wallet_balances (
  user_id uuid NOT NULL REFERENCES users (id),
  currency text NOT NULL CHECK (currency IN ('gold', 'sweeps')),
  bucket text NOT NULL,
  amount_minor bigint NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, currency, bucket),
  CHECK ((currency = 'gold' AND bucket = 'main') OR (currency = 'sweeps' AND bucket IN ('paid', 'free', 'redeemable', 'pending_redemption')))
);

-- Append-only: never updated or deleted; a correction is a new 'reversal' or 'adjustment' entry.
CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  currency text NOT NULL CHECK (currency IN ('gold', 'sweeps')),
  bucket text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
  balance_after_minor bigint NOT NULL CHECK (balance_after_minor >= 0),
  kind text NOT NULL CHECK (kind IN ('purchase', 'bonus', 'promo', 'bet', 'win', 'redemption', 'reversal', 'adjustment')),
  reference text NOT NULL,
  -- one key per entry: "<request key>:<currency>:<bucket>" when a request writes several entries
  idempotency_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_user_idx ON ledger_entries (user_id, currency, created_at DESC);

CREATE TABLE named_properties (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE legal_documents (
  id bigserial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('terms_conditions', 'sweeps_rules', 'privacy_policy', 'game_rules', 'responsible_social_gaming')),
  version integer NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  body_sha256 text NOT NULL,
  acceptance_required boolean NOT NULL,
  scroll_required boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (type, version)
);

-- Every mail the server sends (this build has no mail relay; see docs/api.md).
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  file_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Promotions shown on login (managed by operators; nothing seeded).
CREATE TABLE promo_popups (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  cdn_image text,
  button_text text NOT NULL,
  button_location text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  active_from timestamptz NOT NULL DEFAULT now(),
  active_until timestamptz
);

CREATE TABLE promo_carousels (
  id bigserial PRIMARY KEY,
  payload jsonb NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  active_from timestamptz NOT NULL DEFAULT now(),
  active_until timestamptz
);
