-- Communication preferences (docs/communication-preferences.md): which marketing mail a player
-- receives. No row = the defaults (both on, the player agreed to offers at sign-up). Account
-- mail (sign-in links, receipts, redemptions, security notices) is never governed by this.
-- updated_via: 'account' (My Account, signed in) or 'link' (the signed link in a marketing mail,
-- no sign-in) or 'one_click' (a mail client's List-Unsubscribe-Post).
CREATE TABLE communication_preferences (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  promotions_email boolean NOT NULL DEFAULT true,
  news_email boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL,
  updated_via text NOT NULL CHECK (updated_via IN ('account', 'link', 'one_click'))
);

-- One row per marketing mail campaign an operator sent, with what happened to its audience.
CREATE TABLE marketing_mailings (
  id bigserial PRIMARY KEY,
  category text NOT NULL CHECK (category IN ('promotions', 'news')),
  subject text NOT NULL,
  body_text text NOT NULL,
  operator_id uuid NOT NULL REFERENCES operators (id),
  sent_count integer NOT NULL,
  skipped_count integer NOT NULL,
  created_at timestamptz NOT NULL
);
