-- Refresh-token rotation that survives a browser killed before it wrote the newest cookie to disk
-- (docs/security.md, "Refresh-token rotation"). A token is rotated at its first use (rotated_at,
-- as before) and stays good until one of the tokens rotated from it is itself used: then it, and
-- the other tokens rotated from the same one, are superseded (superseded_at). Presenting a
-- superseded token is reuse; presenting a rotated but not yet superseded token gets a new one.
ALTER TABLE refresh_tokens ADD COLUMN parent_hash text;
ALTER TABLE refresh_tokens ADD COLUMN superseded_at timestamptz;
CREATE INDEX refresh_tokens_parent_idx ON refresh_tokens (parent_hash);

-- Tokens rotated before this migration: their successor is unknown, so each counts as superseded
-- at its rotation (the rule they were issued under).
UPDATE refresh_tokens SET superseded_at = rotated_at WHERE rotated_at IS NOT NULL;
