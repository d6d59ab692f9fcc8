/** Settings shared by playwright.config.ts and the specs. */

/**
 * Inactivity sign-out of the second test server (SESSION_INACTIVITY_SECONDS). Short enough to
 * keep the spec quick, long enough that signing in finishes well inside it on a slow machine.
 */
export const E2E_INACTIVITY_SECONDS = 8;
