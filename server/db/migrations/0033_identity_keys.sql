-- One account per person, two per household (spec section 1; docs/account.md "One account per
-- person, two per household").
--
-- Person: first name + last name + birth date, wherever the player lives (the ZIP code is no
-- longer part of it: a player who moves is the same person). Household: one residential address
-- (street line, unit, ZIP5), known once the player gives an address; until then it is null.

-- The household key of an address, the one place the rule is written (the address save and the
-- household check call it, so what is stored and what is compared can never differ):
--   * lower case; anything but letters and digits separates words (periods, commas, '#', '-');
--   * line 1 and line 2 are one text, so "12 Elm St Apt 4" = "12 Elm Street" + "Apartment 4";
--   * unit designators are dropped and the unit number kept (apt, apartment, unit, suite, ste,
--     number, no, num, room, rm, floor, fl): "Apt 4", "Unit 4", "#4" and "No. 4" are all "4";
--   * common street types and directions are abbreviated as the postal service does (street st,
--     avenue ave, road rd, drive dr, boulevard blvd, lane ln, court ct, place pl, terrace ter,
--     parkway pkwy, highway hwy, circle cir, square sq, trail trl, north n, south s, east e, west w,
--     northeast ne, northwest nw, southeast se, southwest sw);
--   * the ZIP is its first five digits (ZIP+4 "60601-1234" is "60601");
--   * city and state are left out: the ZIP already places the address.
-- No street line or no 5-digit ZIP: null (no household known).
CREATE FUNCTION household_key_of(line1 text, line2 text, zip text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN btrim(coalesce(line1, '')) = '' THEN NULL
    WHEN substring(coalesce(zip, '') from '^\s*([0-9]{5})') IS NULL THEN NULL
    ELSE (
      SELECT CASE WHEN count(*) = 0 THEN NULL
        ELSE string_agg(
          CASE w
            WHEN 'street' THEN 'st' WHEN 'str' THEN 'st'
            WHEN 'avenue' THEN 'ave' WHEN 'av' THEN 'ave'
            WHEN 'road' THEN 'rd' WHEN 'drive' THEN 'dr' WHEN 'boulevard' THEN 'blvd'
            WHEN 'lane' THEN 'ln' WHEN 'court' THEN 'ct' WHEN 'place' THEN 'pl'
            WHEN 'terrace' THEN 'ter' WHEN 'parkway' THEN 'pkwy' WHEN 'highway' THEN 'hwy'
            WHEN 'circle' THEN 'cir' WHEN 'square' THEN 'sq' WHEN 'trail' THEN 'trl'
            WHEN 'north' THEN 'n' WHEN 'south' THEN 's' WHEN 'east' THEN 'e' WHEN 'west' THEN 'w'
            WHEN 'northeast' THEN 'ne' WHEN 'northwest' THEN 'nw'
            WHEN 'southeast' THEN 'se' WHEN 'southwest' THEN 'sw'
            ELSE w
          END, ' ' ORDER BY i) || '|' || substring(zip from '^\s*([0-9]{5})')
      END
      FROM regexp_split_to_table(
             lower(coalesce(line1, '') || ' ' || coalesce(line2, '')), '[^a-z0-9]+'
           ) WITH ORDINALITY AS t(w, i)
      WHERE w <> ''
        AND w NOT IN ('apt', 'apartment', 'unit', 'suite', 'ste', 'number', 'no', 'num', 'room', 'rm',
                      'floor', 'fl')
    )
  END
$$;

-- Person keys lose their ZIP. Two accounts one person opened in two ZIP codes before this rule
-- both stay (their ledgers, redemptions and tax records point at them); the older keeps the bare
-- key and each later one is marked '|duplicate:<id>' for support to review (docs/account.md).
DROP INDEX users_person_key;
UPDATE users
   SET person_key = split_part(person_key, '|', 1) || '|' || split_part(person_key, '|', 2) || '|'
                    || split_part(person_key, '|', 3)
 WHERE person_key LIKE '%|%|%|%';
UPDATE users u
   SET person_key = u.person_key || '|duplicate:' || u.id
  FROM (SELECT id, row_number() OVER (PARTITION BY person_key ORDER BY created_at, id) AS rn FROM users) r
 WHERE r.id = u.id AND r.rn > 1;
CREATE UNIQUE INDEX users_person_key ON users (person_key);

-- Household keys: from the address on file, or null.
ALTER TABLE users ALTER COLUMN household_key DROP NOT NULL;
UPDATE users SET household_key = household_key_of(address_line_1, address_line_2, postal_code);
