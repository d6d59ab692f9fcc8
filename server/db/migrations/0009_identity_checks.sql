-- Identity verification (docs/kyc.md). users.identity_state (0008) holds the current state; these
-- tables keep how it got there.

-- One row per verification the player started (the link call): the provider's reference for it,
-- the flow, how many result calls it took, and the provider's decision once there is one.
-- outcome stays NULL until the provider decides; 'pending' is a decision still to be settled
-- later (by the provider or its operator). decided_at is the time of the final decision.
CREATE TABLE identity_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  flow text NOT NULL CHECK (flow IN ('verification', 'reauthentication')),
  provider_reference text NOT NULL UNIQUE,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  outcome text CHECK (outcome IN ('pending', 'verified', 'rejected', 'no_decision_max')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  decided_at timestamptz
);
CREATE INDEX identity_checks_user_idx ON identity_checks (user_id, created_at);

-- Every change of users.identity_state, with who or what caused it (the purchase threshold, a
-- provider decision, an operator), written by server/features/kyc/identity-state.ts only.
CREATE TABLE identity_state_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  from_state text NOT NULL,
  to_state text NOT NULL,
  reason text,
  changed_at timestamptz NOT NULL
);
CREATE INDEX identity_state_changes_user_idx ON identity_state_changes (user_id, changed_at);
