-- Legal documents acceptance and responsible play (docs/responsible-play.md, docs/api.md).

-- Which version of which legal document a player accepted, and when. One row per player and
-- document version (the unique key makes a burst of accepts write one row); append-only.
-- via: 'sign_up' (the join form sent what it showed), 'sign_up_legacy' (a join form from before
-- acceptance was sent: it required the same terms checkbox, so the versions current at that
-- moment are recorded), 'updated_terms' (the updated-terms dialog), 'seed' (the demo player).
CREATE TABLE legal_acceptances (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  document_type text NOT NULL,
  document_version integer NOT NULL,
  accepted_at timestamptz NOT NULL,
  via text NOT NULL CHECK (via IN ('sign_up', 'sign_up_legacy', 'updated_terms', 'seed')),
  UNIQUE (user_id, document_type, document_version),
  FOREIGN KEY (document_type, document_version) REFERENCES legal_documents (type, version)
);

-- Reality check: remind the player every N minutes of the session (NULL = off).
ALTER TABLE users ADD COLUMN reality_check_minutes smallint CHECK (reality_check_minutes IN (15, 30, 60));

-- Every break or self-exclusion a player set (users.play_restriction holds the running one).
CREATE TABLE play_restriction_changes (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  restriction text NOT NULL CHECK (restriction IN ('break', 'self_exclusion')),
  -- NULL: permanent self-exclusion
  restricted_until timestamptz,
  previous_restriction text,
  previous_until timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX play_restriction_changes_user_idx ON play_restriction_changes (user_id, created_at);
