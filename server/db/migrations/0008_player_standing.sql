-- The player's standing on the Sweeps side, read together by the play gate
-- (server/features/eligibility/play-gate.ts) before play, purchases, bonuses and redemptions:
-- identity verification, W-9 tax information, a suspension, and a responsible-play restriction.
-- Each feature that changes one of these keeps its own history tables in its own migration.

-- none: never asked; required: must verify before the action that asked (purchase threshold,
-- redemption); pending: the provider has not decided yet; rejected: contact support; verified.
ALTER TABLE users ADD COLUMN identity_state text NOT NULL DEFAULT 'none'
  CHECK (identity_state IN ('none', 'required', 'pending', 'rejected', 'verified'));
UPDATE users SET identity_state = 'verified' WHERE identity_verified_at IS NOT NULL;

-- not_required until a redemption brings the year's paid prizes to the W-9 threshold; then
-- required (play and redemption stop) until confirmed; mismatched suspends the account.
ALTER TABLE users ADD COLUMN w9_state text NOT NULL DEFAULT 'not_required'
  CHECK (w9_state IN ('not_required', 'required', 'confirmed', 'mismatched'));

-- A suspended account may sign in to read its history and contact support, nothing else.
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
ALTER TABLE users ADD COLUMN suspension_reason text;

-- Responsible play: a break (until a time) or self-exclusion (until a time; NULL = permanent).
ALTER TABLE users ADD COLUMN play_restriction text CHECK (play_restriction IN ('break', 'self_exclusion'));
ALTER TABLE users ADD COLUMN play_restricted_until timestamptz;
ALTER TABLE users ADD CONSTRAINT users_play_restriction_until_check
  CHECK (play_restriction IS NOT NULL OR play_restricted_until IS NULL);

-- Ledger kinds of the Sweeps side: mail-in (AMOE) entries and fees (rejected ACH, cash-out).
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN
  ('purchase', 'bonus', 'promo', 'bet', 'win', 'redemption', 'reversal', 'adjustment', 'amoe', 'fee'));
