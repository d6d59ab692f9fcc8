/**
 * The help center as the API sees it (docs/support-desk.md): where players are sent with their
 * support-desk JWT, and the secret shared with it that signs the JWT. This build has the sandbox
 * (sandbox/support-sandbox.ts); a hosted help center plugs in with its own origin and secret.
 */
export interface SupportDesk {
  /** The help center's origin (SUPPORT_SITE_ORIGIN). */
  siteOrigin: string;
  /** The HS256 secret the help center checks the JWT with (at least 32 characters). */
  jwtSecret: string;
}
