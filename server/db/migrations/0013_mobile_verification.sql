-- Mobile verification by SMS code (docs/mobile-verification.md). Where the
-- mobile_verification_enabled named property is on, a new account is created with account_state
-- 'pending_mobile_verification' and becomes 'active' once it verifies a phone here.

-- One row per code sent. Only the newest row of a player counts when they type a code; older
-- ones are left for the per-day counts. The code itself is never stored: code_hash is an HMAC
-- keyed with a server secret, so a copy of this table does not give the 10^6 codes away.
CREATE TABLE phone_verification_codes (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 10 US digits (no formatting) or E.164 for a provider that sends abroad
  phone text NOT NULL CHECK (phone ~ '^[0-9]{10}$' OR phone ~ '^\+[1-9][0-9]{7,14}$'),
  code_hash text NOT NULL,
  -- wrong codes typed against this code; at the limit the code is dead
  attempts smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK (expires_at > created_at)
);
-- Per-day counts (per player, per phone) and "the newest code of this player".
CREATE INDEX phone_verification_codes_user_idx ON phone_verification_codes (user_id, created_at);
CREATE INDEX phone_verification_codes_phone_idx ON phone_verification_codes (phone, created_at);

-- A phone verifies one account, ever: the row stays when the account is closed, so a closed
-- account's number is recognised when someone tries it again. users.phone also receives the
-- number (pay-by-bank shows it), but that column is not unique: pay-by-bank numbers are typed,
-- not verified.
CREATE TABLE verified_phones (
  phone text PRIMARY KEY CHECK (phone ~ '^[0-9]{10}$' OR phone ~ '^\+[1-9][0-9]{7,14}$'),
  user_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  verified_at timestamptz NOT NULL
);
