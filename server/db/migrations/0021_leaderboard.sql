-- Leaderboards and the weekly coins challenge (docs/leaderboard.md). A challenge is data: the games
-- that count, what a point is worth in each currency, the prize table. Points come from settled
-- play of those games (finished house rounds, placed vendor bets) written in the play's own
-- transaction; the week runs Monday 12:00am to Sunday 11:59:59pm Eastern Time and is named by its
-- Monday ('YYYY-MM-DD', Eastern calendar).

CREATE TABLE leaderboard_challenges (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name text NOT NULL,
  -- Catalogue game ids whose play earns points (house and vendor games alike).
  game_ids text[] NOT NULL,
  -- One point per this many Gold Coins / Sweeps cents wagered in the week (each currency's total
  -- is divided, so small plays add up). NULL: play in that currency earns no points.
  gold_coins_per_point bigint CHECK (gold_coins_per_point > 0),
  sweeps_cents_per_point bigint CHECK (sweeps_cents_per_point > 0),
  -- How many places the board shows.
  board_size integer NOT NULL DEFAULT 50 CHECK (board_size BETWEEN 1 AND 200),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (gold_coins_per_point IS NOT NULL OR sweeps_cents_per_point IS NOT NULL)
);

-- The prize of each place: ranks rank_from..rank_to each receive the amounts (Gold whole coins,
-- Sweeps cents). Sweeps are not credited in gold-only mode.
CREATE TABLE leaderboard_prizes (
  challenge_id text NOT NULL REFERENCES leaderboard_challenges (id),
  rank_from integer NOT NULL CHECK (rank_from >= 1),
  rank_to integer NOT NULL,
  gold_coins bigint NOT NULL CHECK (gold_coins >= 0),
  sweeps_cents bigint NOT NULL CHECK (sweeps_cents >= 0),
  PRIMARY KEY (challenge_id, rank_from),
  CHECK (rank_to >= rank_from),
  CHECK (gold_coins > 0 OR sweeps_cents > 0)
);

-- Every play that earned points, once per challenge and play ('round:<id>', 'vendor-bet:<id>').
-- A rolled-back vendor bet is marked voided and its coins leave the entry.
CREATE TABLE leaderboard_points (
  id bigserial PRIMARY KEY,
  challenge_id text NOT NULL REFERENCES leaderboard_challenges (id),
  week_start text NOT NULL CHECK (week_start ~ '^\d{4}-\d{2}-\d{2}$'),
  user_id uuid NOT NULL REFERENCES users (id),
  source text NOT NULL,
  game_id text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('gold', 'sweeps')),
  wagered_minor bigint NOT NULL CHECK (wagered_minor > 0),
  created_at timestamptz NOT NULL,
  voided_at timestamptz,
  UNIQUE (challenge_id, source)
);
CREATE INDEX leaderboard_points_entry_idx ON leaderboard_points (challenge_id, week_start, user_id, id);

-- A player's week: coins wagered per currency, the points they make, and when (and by which play)
-- the current points were reached: equal points rank by who reached them first.
CREATE TABLE leaderboard_entries (
  challenge_id text NOT NULL REFERENCES leaderboard_challenges (id),
  week_start text NOT NULL CHECK (week_start ~ '^\d{4}-\d{2}-\d{2}$'),
  user_id uuid NOT NULL REFERENCES users (id),
  gold_wagered_minor bigint NOT NULL DEFAULT 0 CHECK (gold_wagered_minor >= 0),
  sweeps_wagered_minor bigint NOT NULL DEFAULT 0 CHECK (sweeps_wagered_minor >= 0),
  points bigint NOT NULL DEFAULT 0 CHECK (points >= 0),
  reached_at timestamptz,
  reached_point_id bigint,
  PRIMARY KEY (challenge_id, week_start, user_id),
  CHECK (points = 0 OR (reached_at IS NOT NULL AND reached_point_id IS NOT NULL))
);
CREATE INDEX leaderboard_entries_rank_idx
  ON leaderboard_entries (challenge_id, week_start, points DESC, reached_at, reached_point_id);

-- A closed week: written in the transaction that credits its prizes, so a week is paid once
-- whichever server instance closes it.
CREATE TABLE leaderboard_weeks (
  challenge_id text NOT NULL REFERENCES leaderboard_challenges (id),
  week_start text NOT NULL CHECK (week_start ~ '^\d{4}-\d{2}-\d{2}$'),
  closed_at timestamptz NOT NULL,
  PRIMARY KEY (challenge_id, week_start)
);

-- The outcome of a closed week for each player considered: the prize credited at their final rank,
-- or why they were passed over (the play gate refused a bonus).
CREATE TABLE leaderboard_awards (
  challenge_id text NOT NULL,
  week_start text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id),
  rank integer CHECK (rank >= 1),
  points bigint NOT NULL,
  gold_coins bigint NOT NULL DEFAULT 0,
  sweeps_cents bigint NOT NULL DEFAULT 0,
  status text NOT NULL CHECK (status IN ('credited', 'skipped')),
  skip_code text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (challenge_id, week_start, user_id),
  FOREIGN KEY (challenge_id, week_start) REFERENCES leaderboard_weeks (challenge_id, week_start),
  CHECK ((status = 'credited') = (rank IS NOT NULL))
);

-- The weekly coins challenge: the two slots (our Crown Jewels and the partner's Fruit Frenzy).
-- 1 point per 100 Gold Coins or per 0.01 Sweeps Coin wagered: the coin packages' rate (100,000
-- Gold come with 10 Sweeps), so either currency earns points at the same value.
INSERT INTO leaderboard_challenges (id, name, game_ids, gold_coins_per_point, sweeps_cents_per_point, board_size)
VALUES ('playson-weekly-coins-challenge', 'Playson Weekly Coins Challenge', ARRAY['crown-jewels', 'fruit-frenzy'],
        100, 1, 50);

INSERT INTO leaderboard_prizes (challenge_id, rank_from, rank_to, gold_coins, sweeps_cents) VALUES
  ('playson-weekly-coins-challenge', 1, 1, 500000, 5000),
  ('playson-weekly-coins-challenge', 2, 2, 250000, 2500),
  ('playson-weekly-coins-challenge', 3, 3, 100000, 1000),
  ('playson-weekly-coins-challenge', 4, 10, 20000, 200);
