-- House games and the vendor game: the catalogue, provably fair seeds and the rounds decided on
-- the server (docs/games.md, docs/fairness.md). Money amounts are minor units (Gold whole coins,
-- Sweeps cents).

CREATE TABLE games (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('house', 'vendor')),
  categories text[] NOT NULL DEFAULT '{}',
  art_url text NOT NULL,
  description text NOT NULL DEFAULT '',
  maintenance boolean NOT NULL DEFAULT false,
  maintenance_until timestamptz,
  version text NOT NULL DEFAULT '1',
  -- JSON text. Instant-win games may hold a JSON string of JSON (read with parseGameMetadata).
  metadata text NOT NULL DEFAULT '{"disabledCurrencies":[]}',
  min_bet_gold bigint NOT NULL CHECK (min_bet_gold > 0),
  max_bet_gold bigint NOT NULL,
  min_bet_sweeps bigint NOT NULL CHECK (min_bet_sweeps > 0),
  max_bet_sweeps bigint NOT NULL,
  -- Declared return to player, percent.
  rtp numeric(6, 3) NOT NULL CHECK (rtp > 0 AND rtp < 200),
  bet_steps_gold bigint[] NOT NULL DEFAULT '{}',
  bet_steps_sweeps bigint[] NOT NULL DEFAULT '{}',
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (max_bet_gold >= min_bet_gold),
  CHECK (max_bet_sweeps >= min_bet_sweeps)
);

-- Provably fair seeds: one active seed per player (revealed_at NULL); rotated seeds are kept with
-- revealed_at so recall can show them and anyone can replay their rounds.
CREATE TABLE fair_seeds (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  -- 32 random bytes as 64 lower-case hex digits; never answered before revealed_at.
  server_seed text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  next_nonce integer NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  revealed_at timestamptz
);
CREATE UNIQUE INDEX fair_seeds_active_key ON fair_seeds (user_id) WHERE revealed_at IS NULL;
CREATE INDEX fair_seeds_user_idx ON fair_seeds (user_id, id);

CREATE TABLE game_rounds (
  id text PRIMARY KEY,
  -- Insertion order: rounds started in the same millisecond are still listed newest first.
  seq bigserial NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id),
  game_id text NOT NULL REFERENCES games (id),
  currency text NOT NULL CHECK (currency IN ('gold', 'sweeps')),
  -- The base bet the round started with (limits apply to it) and everything staked so far.
  base_bet_minor bigint NOT NULL CHECK (base_bet_minor >= 0),
  bet_minor bigint NOT NULL DEFAULT 0 CHECK (bet_minor >= 0),
  win_minor bigint NOT NULL DEFAULT 0 CHECK (win_minor >= 0),
  status text NOT NULL CHECK (status IN ('open', 'finished')),
  state jsonb NOT NULL,
  -- The engine's start options (minor units) and every action in order: what a replay needs.
  options jsonb NOT NULL DEFAULT '{}'::jsonb,
  actions jsonb NOT NULL DEFAULT '[]'::jsonb,
  server_seed_id bigint NOT NULL REFERENCES fair_seeds (id),
  client_seed text NOT NULL,
  nonce integer NOT NULL,
  balance_before_minor bigint NOT NULL,
  balance_after_minor bigint,
  auto_completed boolean NOT NULL DEFAULT false,
  -- The request that started the round, and the last one that changed it: a retry after a lost
  -- answer finds its own work instead of doing it twice.
  start_request_key text NOT NULL UNIQUE,
  last_request_key text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  finished_at timestamptz,
  CHECK ((status = 'finished') = (finished_at IS NOT NULL)),
  UNIQUE (server_seed_id, nonce)
);
-- At most one open round per player and game (the second start answers ROUND_ALREADY_OPEN).
CREATE UNIQUE INDEX game_rounds_one_open_key ON game_rounds (user_id, game_id) WHERE status = 'open';
CREATE INDEX game_rounds_recall_idx ON game_rounds (user_id, game_id, created_at DESC);
-- The interrupted-rounds job looks for open rounds not acted on for a day.
CREATE INDEX game_rounds_open_idle_idx ON game_rounds (updated_at) WHERE status = 'open';
