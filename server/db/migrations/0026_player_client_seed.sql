-- The client seed is the player's own (docs/fairness.md): made in the player's browser and sent
-- before the first round, never picked by the server. A new seed row starts without one; the
-- server refuses rounds (409 CLIENT_SEED_REQUIRED) until the player's app has sent it.
ALTER TABLE fair_seeds ALTER COLUMN client_seed DROP NOT NULL;

-- Active seeds the server gave a client seed of its own and that no round or spin has used yet:
-- the player's app replaces it with one of its own before the first round.
UPDATE fair_seeds SET client_seed = NULL WHERE revealed_at IS NULL AND next_nonce = 0;
