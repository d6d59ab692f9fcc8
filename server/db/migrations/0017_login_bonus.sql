-- The login bonus: one grant per player and Eastern Time day (docs/login-bonus.md). The primary
-- key is what makes "once a day" hold: of parallel first sign-ins (any number of app instances)
-- one inserts the row and credits the ledger in the same transaction; the others find it.
-- acknowledged_at is set when the player has seen the bonus (the dialog closed): until then the
-- "user login bonus coins" call answers it as pending.
CREATE TABLE login_bonus_grants (
  user_id uuid NOT NULL REFERENCES users (id),
  -- The Eastern Time calendar day of the sign-in that earned it.
  et_day date NOT NULL,
  gold_coins bigint NOT NULL CHECK (gold_coins >= 0),
  sweeps_cents bigint NOT NULL CHECK (sweeps_cents >= 0),
  granted_at timestamptz NOT NULL,
  acknowledged_at timestamptz,
  PRIMARY KEY (user_id, et_day),
  CHECK (gold_coins + sweeps_cents > 0)
);
