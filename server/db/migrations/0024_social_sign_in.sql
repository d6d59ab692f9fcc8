-- Social sign-in with Google and Facebook (docs/social-sign-in.md).

-- A sign-in attempt: the nonce the provider puts in its ID token, bound to the browser that asked
-- for it (browser_hash = sha256 of its HttpOnly attempt cookie). Used once.
CREATE TABLE social_sign_in_attempts (
  nonce text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('google', 'facebook')),
  browser_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX social_sign_in_attempts_expires_idx ON social_sign_in_attempts (expires_at);

-- A verified provider identity not linked yet (the provider auth token of the create and link
-- calls is its ticket; only its hash is kept). Used once, by the same browser.
CREATE TABLE social_tickets (
  token_hash text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('google', 'facebook')),
  subject text NOT NULL,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  picture text,
  birthdate text,
  browser_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX social_tickets_expires_idx ON social_tickets (expires_at);

-- A provider identity linked to an account: it signs in as that account. One identity per
-- provider and account. picture: the provider's picture URL (deleted on a deletion request).
CREATE TABLE social_identities (
  provider text NOT NULL CHECK (provider IN ('google', 'facebook')),
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id),
  email text NOT NULL,
  picture text,
  linked_at timestamptz NOT NULL,
  PRIMARY KEY (provider, subject),
  UNIQUE (user_id, provider)
);

-- Accounts opened with a provider have no password of their own until the player sets one.
ALTER TABLE users ADD COLUMN has_password boolean NOT NULL DEFAULT true;

-- Data deletion requests the providers sent (their signed request's id is request_id, so a
-- resent request answers the same confirmation code). status: 'deleted' when we held data for
-- the identity, 'no_data' otherwise.
CREATE TABLE social_deletion_requests (
  confirmation_code text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('google', 'facebook')),
  subject text NOT NULL,
  request_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('deleted', 'no_data')),
  user_id uuid REFERENCES users (id),
  requested_at timestamptz NOT NULL,
  completed_at timestamptz NOT NULL,
  UNIQUE (provider, request_id)
);
