-- AMOE (free Sweeps Coins by mail). A player asks for a postal request code and writes it on the
-- card they mail; the operator matches the letter by that code and issues one AMOE code bound to
-- the player; the player redeems the code once, ever, for free Sweeps Coins (ledger kind 'amoe').

-- One row per postal request code. The code is written on paper and typed by the operator, so it
-- is kept readable and unique (it is not a secret: it only names the request).
CREATE TABLE amoe_postal_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  postal_request_code text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id),
  -- Sweeps per entry at the time of the request (AMOE_SWEEPS_PER_ENTRY), what its code will credit.
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  created_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'issued')),
  issued_at timestamptz,
  CHECK ((status = 'issued') = (issued_at IS NOT NULL))
);
CREATE INDEX amoe_postal_requests_user ON amoe_postal_requests (user_id, created_at DESC);
CREATE INDEX amoe_postal_requests_status ON amoe_postal_requests (status, created_at);

-- One AMOE code per postal request. Only the SHA-256 of the code is stored: a leaked table
-- cannot be redeemed. code_hint (last 4 characters) lets support talk about a code.
CREATE TABLE amoe_codes (
  code_sha256 text PRIMARY KEY,
  postal_request_id uuid NOT NULL UNIQUE REFERENCES amoe_postal_requests (id),
  user_id uuid NOT NULL REFERENCES users (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  code_hint text NOT NULL,
  delivered_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  CHECK (expires_at > delivered_at)
);
CREATE INDEX amoe_codes_user ON amoe_codes (user_id);

-- A redemption of a code. The primary key is the code: a code is redeemed once, ever. et_day is
-- the Eastern Time calendar day of the redemption, which the daily and monthly limits count.
CREATE TABLE amoe_redemptions (
  code_sha256 text PRIMARY KEY REFERENCES amoe_codes (code_sha256),
  user_id uuid NOT NULL REFERENCES users (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  redeemed_at timestamptz NOT NULL,
  et_day date NOT NULL,
  ledger_entry_id bigint REFERENCES ledger_entries (id)
);
CREATE INDEX amoe_redemptions_user_day ON amoe_redemptions (user_id, et_day);

-- Sandbox CAPTCHA: the nonce of each challenge answered, so a solved token works once. Rows past
-- expires_at are deleted as new ones arrive.
CREATE TABLE amoe_captcha_uses (
  nonce text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX amoe_captcha_uses_expiry ON amoe_captcha_uses (expires_at);
