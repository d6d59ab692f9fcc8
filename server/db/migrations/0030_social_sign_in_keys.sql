-- A social sign-in on a bad link (docs/security.md, "Sign-in, join, refresh and sign-out on a bad
-- link"): the app sends an Idempotency-Key with the ID token, so a retry after a lost answer
-- continues the session the first request started instead of "This sign-in was not started in
-- this browser, or was used already". The attempt remembers the key (SHA-256 hash) that used it:
-- only the same browser with the same key may use a used attempt again.
ALTER TABLE session_start_keys DROP CONSTRAINT session_start_keys_scope_check;
ALTER TABLE session_start_keys ADD CONSTRAINT session_start_keys_scope_check
  CHECK (scope IN ('login', 'join', 'sign_in_link', 'social_sign_in'));
ALTER TABLE social_sign_in_attempts ADD COLUMN used_key_hash text;
