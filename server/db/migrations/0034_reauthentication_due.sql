-- Identity re-authentication the server asks for (docs/kyc.md "Re-authentication"): set when a
-- verified player changes their name, cleared when a re-authentication (kyc_checks flow
-- 'reauthentication') is verified. A redemption waits for it.
ALTER TABLE users ADD COLUMN reauthentication_due_at timestamptz;
