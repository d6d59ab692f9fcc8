-- The operator console: operators (a role of their own, never a player), their sign-in sessions
-- and the audit trail every operator action writes in the action's own transaction.

CREATE TABLE operators (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Stored normalised (trimmed, lower case).
  email text NOT NULL UNIQUE,
  -- scrypt, as players' (server/features/auth/password-hash.ts).
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL
);

-- An opaque session: the cookie holds a random token, the table only its SHA-256.
CREATE TABLE operator_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  operator_id uuid NOT NULL REFERENCES operators (id),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_active_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id);

CREATE TABLE operator_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id uuid NOT NULL REFERENCES operators (id),
  at timestamptz NOT NULL,
  action text NOT NULL,
  -- The player the action concerns, when it concerns one.
  player_id uuid REFERENCES users (id),
  -- What was acted on: a redemption id, a postal request code, a game id, a property name.
  subject text,
  before jsonb,
  after jsonb,
  reason text
);
CREATE INDEX operator_audit_at_idx ON operator_audit (at DESC, id DESC);
CREATE INDEX operator_audit_player_idx ON operator_audit (player_id, at DESC) WHERE player_id IS NOT NULL;
