-- Seamless wallet for vendor games (docs/vendor-wallet.md).
--
-- A session is opened by the player's launch call and handed to the vendor as a token in the
-- launch URL; only the token's SHA-256 is kept, so the table alone cannot be used to play.
-- game_id names the catalogue's game; it is not a foreign key so this table does not depend on
-- the order in which the catalogue's migration lands.
CREATE TABLE vendor_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id),
  game_id text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('gold', 'sweeps')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX vendor_sessions_user_idx ON vendor_sessions (user_id, created_at);

-- Every bet, win and rollback the vendor sent, once per transaction id (the vendor's id is unique
-- across all its calls). body_hash tells a retry (same body: answer `answer` again) from a reuse
-- of the id (another body: refused). A bet's status: open -> settled (a win) or rolled_back;
-- a rollback's: refunded, bet_unknown (recorded so the late bet is refused), or nothing_to_refund.
CREATE TABLE vendor_transactions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
  session_id uuid NOT NULL REFERENCES vendor_sessions (id),
  user_id uuid NOT NULL REFERENCES users (id),
  currency text NOT NULL CHECK (currency IN ('gold', 'sweeps')),
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  round_id text,
  bet_transaction_id text,
  body_hash text NOT NULL,
  -- The answer as sent (text, so a replay is byte for byte the first answer).
  answer text NOT NULL,
  status text NOT NULL CHECK (
    status IN ('open', 'settled', 'rolled_back', 'credited', 'refunded', 'bet_unknown', 'nothing_to_refund')
  ),
  ledger_entry_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX vendor_transactions_bet_idx ON vendor_transactions (bet_transaction_id)
  WHERE bet_transaction_id IS NOT NULL;
CREATE INDEX vendor_transactions_user_idx ON vendor_transactions (user_id, created_at);
