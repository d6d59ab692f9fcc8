-- Daily Bonus: one wheel spin per player per Eastern Time day (docs/daily-bonus.md). Each row is
-- a spin: its Eastern day (the primary rule: one per day, kept by the unique key), the streak it
-- continued, the prize credited (ledger kind 'bonus') and the fair seed, client seed and nonce
-- that decided it, so it can be verified once the seed is rotated. The streak and the longest
-- streak are read from these rows.
CREATE TABLE daily_bonus_claims (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  et_day date NOT NULL,
  claimed_at timestamptz NOT NULL,
  -- Days in a row with a spin, this one included; streak_day is the pay table row (1..7).
  streak integer NOT NULL CHECK (streak >= 1),
  streak_day integer NOT NULL CHECK (streak_day BETWEEN 1 AND 7),
  segment integer NOT NULL CHECK (segment BETWEEN 0 AND 7),
  prize_gold bigint NOT NULL CHECK (prize_gold >= 0),
  prize_sweeps_cents bigint NOT NULL CHECK (prize_sweeps_cents >= 0),
  gold_only boolean NOT NULL,
  server_seed_id bigint NOT NULL REFERENCES fair_seeds (id),
  client_seed text NOT NULL,
  nonce integer NOT NULL,
  UNIQUE (user_id, et_day),
  UNIQUE (server_seed_id, nonce)
);
CREATE INDEX daily_bonus_claims_user_day ON daily_bonus_claims (user_id, et_day DESC);
