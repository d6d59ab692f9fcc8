/**
 * The shape of a game id, apart from the games contract so code that loads with the app's
 * start (the store's recently played list) checks ids without carrying the catalogue schemas.
 */
export const GAME_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
