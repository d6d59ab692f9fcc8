-- W-9 tax forms (server/features/tax, docs/tax.md). The player's W-9 state itself is
-- users.w9_state (0008); this table keeps each form a player sent and how it was decided.
-- Of the taxpayer number only the last four digits are kept, and only encrypted: AES-256-GCM
-- with the server's W-9 key, a random 12-byte IV per row, the 16-byte tag, the user id as
-- associated data (a ciphertext copied onto another player's row does not decrypt).
CREATE TABLE w9_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  legal_name text NOT NULL CHECK (char_length(legal_name) BETWEEN 1 AND 100),
  address_line_1 text NOT NULL CHECK (char_length(address_line_1) BETWEEN 1 AND 100),
  address_line_2 text CHECK (char_length(address_line_2) <= 100),
  city text NOT NULL CHECK (char_length(city) BETWEEN 1 AND 60),
  state_or_province text NOT NULL CHECK (state_or_province ~ '^[A-Z]{2}$'),
  zip_code text NOT NULL CHECK (zip_code ~ '^[0-9]{5}$'),
  ssn_last_four_ciphertext bytea NOT NULL CHECK (octet_length(ssn_last_four_ciphertext) = 4),
  ssn_last_four_iv bytea NOT NULL CHECK (octet_length(ssn_last_four_iv) = 12),
  ssn_last_four_tag bytea NOT NULL CHECK (octet_length(ssn_last_four_tag) = 16),
  -- submitted: waiting for the W-9 info dialog (the app shows "confirming"); superseded: a newer
  -- form replaced it before it was confirmed.
  state text NOT NULL DEFAULT 'submitted'
    CHECK (state IN ('submitted', 'confirmed', 'mismatched', 'superseded')),
  certified_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((state IN ('confirmed', 'mismatched')) = (decided_at IS NOT NULL) OR state = 'superseded')
);

-- At most one form in force per player: a new form supersedes a submitted one in the same
-- transaction; a confirmed or mismatched one stays (the latter with the account suspended).
CREATE UNIQUE INDEX w9_submissions_one_in_force ON w9_submissions (user_id) WHERE state <> 'superseded';
CREATE INDEX w9_submissions_user ON w9_submissions (user_id, created_at);
