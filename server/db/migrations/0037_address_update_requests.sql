-- Address changes are requests the server checks (issue 21 item 4; docs/account.md "Changing the
-- address"). A request whose checks are done at once is applied (or refused) in the same call; a
-- verified player's change of an address on file waits for identity re-authentication (status
-- pending) and is applied or refused when the provider decides. One pending request per player at
-- most: a newer request supersedes it (the partial unique index holds that under a burst).
-- Owned by the payments feature (the billing address); core/users reads the two User fields
-- address_update_pending and address_update_error_message from it.
CREATE TABLE address_update_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  address_line_1 text NOT NULL,
  address_line_2 text,
  city text NOT NULL,
  state_or_province text NOT NULL,
  postal_code text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'applied', 'refused', 'superseded')),
  -- why it waits ('reauthentication') or why it was refused (an error code)
  reason text,
  -- what the player is told when it was refused
  error_message text,
  created_at timestamptz NOT NULL,
  decided_at timestamptz
);
CREATE UNIQUE INDEX address_update_requests_one_pending ON address_update_requests (user_id)
  WHERE status = 'pending';
CREATE INDEX address_update_requests_user_idx ON address_update_requests (user_id, created_at);
