-- Promotions as data (docs/promotions.md): promo pop-ups and lobby carousel slides, edited from the
-- operator console. Both get the same shape: an image with its alt text and intrinsic size (the
-- space is reserved before it loads), a button to an in-app path, an audience ('sweeps' rows are
-- never shown in gold-only mode nor to players without Sweeps), an on/off switch apart from the
-- schedule, and a seed key so the seeded rows are written once and an operator's edits survive
-- restarts. Carousel slides had an opaque payload: its fields become columns.

ALTER TABLE promo_popups
  ADD COLUMN image_alt text NOT NULL DEFAULT '',
  ADD COLUMN image_width integer CHECK (image_width BETWEEN 1 AND 4000),
  ADD COLUMN image_height integer CHECK (image_height BETWEEN 1 AND 4000),
  ADD COLUMN audience text NOT NULL DEFAULT 'all' CHECK (audience IN ('all', 'sweeps')),
  ADD COLUMN active boolean NOT NULL DEFAULT true,
  ADD COLUMN seed_key text UNIQUE,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT promo_popups_window CHECK (active_until IS NULL OR active_until > active_from);

ALTER TABLE promo_carousels
  ADD COLUMN name text,
  ADD COLUMN headline text NOT NULL DEFAULT '',
  ADD COLUMN body text NOT NULL DEFAULT '',
  ADD COLUMN cdn_image text,
  ADD COLUMN image_alt text NOT NULL DEFAULT '',
  ADD COLUMN image_width integer CHECK (image_width BETWEEN 1 AND 4000),
  ADD COLUMN image_height integer CHECK (image_height BETWEEN 1 AND 4000),
  ADD COLUMN button_text text NOT NULL DEFAULT '',
  ADD COLUMN button_location text NOT NULL DEFAULT '',
  ADD COLUMN audience text NOT NULL DEFAULT 'all' CHECK (audience IN ('all', 'sweeps')),
  ADD COLUMN active boolean NOT NULL DEFAULT true,
  ADD COLUMN seed_key text UNIQUE,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- Rows written by hand before this migration keep what their payload said; a row without a
-- button destination is switched off rather than shown with a dead button.
UPDATE promo_carousels SET
  name = coalesce(payload ->> 'name', 'Slide ' || id),
  headline = coalesce(payload ->> 'headline', payload ->> 'title', ''),
  body = coalesce(payload ->> 'body', payload ->> 'text', ''),
  cdn_image = payload ->> 'cdn_image',
  button_text = coalesce(payload ->> 'button_text', ''),
  button_location = coalesce(payload ->> 'button_location', ''),
  active = (payload ->> 'button_location') IS NOT NULL;

ALTER TABLE promo_carousels
  ALTER COLUMN name SET NOT NULL,
  DROP COLUMN payload,
  ADD CONSTRAINT promo_carousels_window CHECK (active_until IS NULL OR active_until > active_from);
