-- The server writes audit rows of its own for the operator to look into (no operator acted: e.g. a
-- vendor win above the game's published maximum, refused). Such rows have no operator.
ALTER TABLE operator_audit ALTER COLUMN operator_id DROP NOT NULL;
