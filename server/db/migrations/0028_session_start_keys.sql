-- Sign-in and join survive a lost answer (docs/security.md, "Sign-in and join on a bad link"): the
-- Idempotency-Key of a sign-in or join (SHA-256 hash, per scope) names the session its first
-- request started, so a retry with the same request continues that session instead of starting
-- a second one or answering "email already in use". request_mac is an HMAC of the request body
-- under the server's key: a key cannot be replayed with another request.
CREATE TABLE session_start_keys (
  scope text NOT NULL CHECK (scope IN ('login', 'join')),
  key_hash text NOT NULL,
  request_mac text NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  session_id uuid,
  answer jsonb,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key_hash)
);
CREATE INDEX session_start_keys_created_idx ON session_start_keys (created_at);
