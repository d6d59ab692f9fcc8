-- My Account pages: profile pictures, email changes by mailed link, closing an account, and
-- accounts that still owe their birth date.

-- Why a closed account was closed: the player asked, or the birth date they gave was under the
-- age of majority. Sign-in names the reason (ACCOUNT_CLOSED extra.closed_reason).
ALTER TABLE users ADD COLUMN closed_at timestamptz;
ALTER TABLE users ADD COLUMN closed_reason text
  CHECK (closed_reason IS NULL OR closed_reason IN ('player_request', 'age_requirement'));

-- An account created without a birth date (e.g. through a social provider) carries placeholder
-- birth columns until the player gives theirs; the wire User says updatedBirthDate = false.
ALTER TABLE users ADD COLUMN birth_date_needed boolean NOT NULL DEFAULT false;

-- The re-encoded picture (256x256 WebP, no metadata). A new upload gets a new id, so the URL
-- /avatars/{id} never changes content and is cached as immutable; users.avatar_id names the
-- current one (users.profile_pic stays the picture URL a sign-up sent, which is not shown).
ALTER TABLE users ADD COLUMN avatar_id uuid;
CREATE TABLE avatars (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  image bytea NOT NULL,
  byte_size integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX avatars_user_idx ON avatars (user_id);

-- A change of email waits for the link mailed to the new address: one use, an expiry, and the
-- newest request of a player replaces the older ones.
CREATE TABLE email_change_requests (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_change_requests_user_idx ON email_change_requests (user_id);
