-- A sign-in link opened on a bad link: its page sends an Idempotency-Key (kept for the tab), so a
-- retry after a lost answer continues the session the link started instead of "already used"
-- (docs/security.md, "Sign-in, join, refresh and sign-out on a bad link").
ALTER TABLE session_start_keys DROP CONSTRAINT session_start_keys_scope_check;
ALTER TABLE session_start_keys ADD CONSTRAINT session_start_keys_scope_check
  CHECK (scope IN ('login', 'join', 'sign_in_link'));
