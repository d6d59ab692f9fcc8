-- Complimentary Gold Coins (docs/complimentary-gold.md): one row per award. et_day is the Eastern
-- Time calendar day of the award and award_number its place in that day (1, 2, 3...): the unique
-- key makes "at most N awards a day" hold even if two awards of one player ever raced past the
-- player's row lock. The Gold itself is a ledger entry of kind 'bonus' (ledger_entry_id).
CREATE TABLE complimentary_gold_awards (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  et_day date NOT NULL,
  award_number integer NOT NULL CHECK (award_number > 0),
  game_id text NOT NULL,
  -- The player's Gold before the award, the game's minimum Gold bet from the catalogue, and what
  -- the page said the minimum was (goldCoinsBetValue, kept for the record, never trusted).
  gold_before bigint NOT NULL CHECK (gold_before >= 0),
  min_bet_gold bigint NOT NULL CHECK (min_bet_gold >= 0),
  client_bet_value numeric,
  gold_coins bigint NOT NULL CHECK (gold_coins > 0),
  ledger_entry_id bigint NOT NULL REFERENCES ledger_entries (id),
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, et_day, award_number)
);
