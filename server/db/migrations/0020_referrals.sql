-- Referrals (docs/referrals.md). Each player has one referral code; a friend who joins with it is
-- a referral of that player; the friend's first purchase qualifies it and rewards both players once
-- (ledger kind 'bonus'), unless a limit applies.

-- A player's code, created on first use. Random, short, unguessable; never changes.
CREATE TABLE referral_codes (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  code text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);

-- One row per referred friend (a player joins once, so at most one referrer).
CREATE TABLE referrals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  referrer_id uuid NOT NULL REFERENCES users (id),
  friend_id uuid NOT NULL UNIQUE REFERENCES users (id),
  code text NOT NULL,
  state text NOT NULL DEFAULT 'joined' CHECK (state IN ('joined', 'qualified', 'rewarded')),
  -- Set when a qualified referral paid nobody; null otherwise.
  no_reward_reason text
    CHECK (no_reward_reason IN ('same_person', 'same_household', 'monthly_cap', 'account_restricted')),
  joined_at timestamptz NOT NULL,
  qualified_at timestamptz,
  qualifying_purchase_id uuid REFERENCES purchases (id),
  rewarded_at timestamptz,
  -- Eastern Time calendar month of the reward, 'YYYY-MM': what the referrer's monthly cap counts.
  reward_month text,
  referrer_gold_coins bigint NOT NULL DEFAULT 0,
  referrer_sweeps_cents bigint NOT NULL DEFAULT 0,
  friend_gold_coins bigint NOT NULL DEFAULT 0,
  friend_sweeps_cents bigint NOT NULL DEFAULT 0,
  -- The play-gate error code when one player's share was withheld (the other was still paid).
  referrer_withheld_code text,
  friend_withheld_code text,
  CHECK (referrer_id <> friend_id),
  CHECK ((state = 'joined') = (qualified_at IS NULL)),
  CHECK ((state = 'rewarded') = (rewarded_at IS NOT NULL AND reward_month IS NOT NULL)),
  CHECK (no_reward_reason IS NULL OR state = 'qualified')
);
CREATE INDEX referrals_referrer_idx ON referrals (referrer_id, joined_at DESC);
CREATE INDEX referrals_reward_month_idx ON referrals (referrer_id, reward_month);
