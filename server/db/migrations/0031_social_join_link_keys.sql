-- Creating an account with Google or Facebook, and linking one to an existing account, on a bad
-- link: the app sends an Idempotency-Key, so a retry after a lost answer signs in to the account
-- the first request created or linked instead of "Your Google or Facebook sign-in ... was already
-- used" (docs/security.md, "Sign-in, join, refresh and sign-out on a bad link").
ALTER TABLE session_start_keys DROP CONSTRAINT session_start_keys_scope_check;
ALTER TABLE session_start_keys ADD CONSTRAINT session_start_keys_scope_check
  CHECK (scope IN ('login', 'join', 'sign_in_link', 'social_sign_in', 'social_join', 'social_link'));
