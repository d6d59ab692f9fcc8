/**
 * Settings shared by playwright.config.ts and the specs.
 *
 * Ports of the browser-test servers (each server's sandboxes sit 1000-7000 above it), one each so
 * specs running side by side never meet: 8499 main, 8498 inactivity, 8497 gold-only, 8496 legal,
 * 8490-8494 test-clock servers (support/test-clock.ts), 8488 mail (communication preferences),
 * 8487 complimentary Gold, 8486 welcome offer, 8485 mobile verification, 8484 account pages,
 * 8483 promotions, 8482 password recovery (mail through an SMTP server the spec starts), 8481
 * country block, 8480 card fee and cash balance, 8495 sign-in spraying, 8470-8479 PWA specs (support/pwa-harness.ts; 8475 the review widget offline).
 */

/**
 * Inactivity sign-out of the second test server (SESSION_INACTIVITY_SECONDS). Short enough to
 * keep the spec quick, long enough that signing in finishes well inside it on a slow machine.
 */
export const E2E_INACTIVITY_SECONDS = 8;

/**
 * Port of the gold-only server (GOLD_ONLY=true), started by tests/e2e/gold-only.spec.ts itself so
 * other runs do not pay for a third server. Its card sandbox sits 1000 ports above.
 */
export const E2E_GOLD_ONLY_PORT = Number(process.env.E2E_GOLD_ONLY_PORT ?? 8497);

/**
 * Port of the server of tests/e2e/legal-and-responsible-play.spec.ts (LEGAL_TEST_MODE on), started
 * by the spec itself: publishing a new terms version asks every player of that server again.
 */
export const E2E_LEGAL_PORT = Number(process.env.E2E_LEGAL_PORT ?? 8496);

/**
 * Port of the server of tests/e2e/communication-preferences.spec.ts, started by the spec itself:
 * it reads that server's mail outbox (DATA_DIR/outbox), which only a server it started can tell.
 */
export const E2E_MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 8488);
