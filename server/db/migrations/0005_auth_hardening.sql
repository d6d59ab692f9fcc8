-- Sign-in sessions checked on every request, and attempt counters updated atomically.

-- One row per sign-in (the refresh-token family). Access tokens carry its id (claim sid); a
-- request is served only while the session has not ended. last_active_at moves on refresh and,
-- at most once per activity interval, on authenticated requests; a refresh after the inactivity
-- window ends the session.
CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_active_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_reason text CHECK (end_reason IN ('logout', 'inactivity', 'reuse', 'closed', 'revoked'))
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);

-- Sessions started before this migration keep working: one row per existing token family.
INSERT INTO auth_sessions (id, user_id, created_at, last_active_at, ended_at, end_reason)
SELECT family_id, min(user_id::text)::uuid, min(created_at), max(coalesce(rotated_at, created_at)),
       CASE WHEN bool_and(revoked_at IS NOT NULL) THEN max(revoked_at) END,
       CASE WHEN bool_and(revoked_at IS NOT NULL) THEN 'revoked' END
  FROM refresh_tokens
 GROUP BY family_id;

-- Fixed-window attempt counters: one row per (rule, subject), incremented with
-- INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so parallel requests on any number of server
-- instances each see their own count before any password is checked.
CREATE TABLE auth_throttle (
  scope text NOT NULL,
  subject text NOT NULL,
  window_start timestamptz NOT NULL,
  attempts integer NOT NULL,
  PRIMARY KEY (scope, subject)
);
CREATE INDEX auth_throttle_window_idx ON auth_throttle (window_start);

DROP TABLE throttle_events;
