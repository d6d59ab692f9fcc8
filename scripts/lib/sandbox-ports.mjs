/**
 * Where a browser-test server puts its sandbox listeners (card, vendor, identity, support site,
 * social sign-in, prize-out, reviews): 1000-7000 ports above its own. The server's defaults (PORT + 1 ... PORT + 5)
 * are other test servers' ports, as the e2e servers sit one apart and the PWA specs' two apart.
 * Used by scripts/e2e-server.mjs and tests/e2e/support/pwa-harness.ts.
 */

/**
 * The environment variables placing the sandboxes of a server on `port`.
 * @param {number} port
 * @returns {Record<string, string>}
 */
export function sandboxEnv(port) {
  const at = (offset) => ({ port: String(port + offset), origin: `http://localhost:${port + offset}` });
  const card = at(1000);
  const vendor = at(2000);
  const kyc = at(3000);
  const support = at(4000);
  const social = at(5000);
  const prizeout = at(6000);
  const reviews = at(7000);
  return {
    CARD_SANDBOX_PORT: card.port,
    CARD_SANDBOX_ORIGIN: card.origin,
    VENDOR_SANDBOX_PORT: vendor.port,
    VENDOR_SANDBOX_ORIGIN: vendor.origin,
    KYC_SANDBOX_PORT: kyc.port,
    KYC_SANDBOX_ORIGIN: kyc.origin,
    SUPPORT_SANDBOX_PORT: support.port,
    SUPPORT_SITE_ORIGIN: support.origin,
    SOCIAL_SANDBOX_PORT: social.port,
    SOCIAL_SANDBOX_ORIGIN: social.origin,
    PRIZEOUT_SANDBOX_PORT: prizeout.port,
    PRIZEOUT_SANDBOX_ORIGIN: prizeout.origin,
    REVIEWS_SANDBOX_PORT: reviews.port,
    REVIEWS_SANDBOX_ORIGIN: reviews.origin,
  };
}
