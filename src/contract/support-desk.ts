/**
 * The support desk (help center) sign-in (docs/support-desk.md): a signed-in player's Help Center
 * link asks the server for a short-lived support-desk JWT (HS256 with the secret shared with the
 * support site; claims name, email, external_id, iat, jti) and the browser goes to the support
 * site's JWT access URL with it. Signed-out visitors get the public help page. Framework-free.
 */
export const SUPPORT_DESK_PATHS = {
  /** POST (signed in) -> SupportDeskJwtAnswer. */
  jwt: '/support-desk/jwt',
} as const;

/** The spec's answer field is zendesk_jwt; access_url is where the browser goes with it. */
export interface SupportDeskJwtAnswer {
  zendesk_jwt: string;
  access_url: string;
}

/** The support site accepts a token this many seconds after its iat (and 60 s of clock skew). */
export const SUPPORT_DESK_JWT_MAX_AGE_SECONDS = 180;

/** Paths of the support site (the sandbox implements them; a hosted help center has the same two). */
export const SUPPORT_SITE_PATHS = {
  /** The public help page. */
  helpCenter: '/hc',
  /** JWT sign-in: ?jwt=<token>&return_to=<path on the support site>. */
  jwtAccess: '/access/jwt',
} as const;

export const SUPPORT_DESK_TEXTS = {
  title: 'Help Center',
  opening: 'Opening the Help Center…',
  failed: 'The Help Center could not be opened. Please try again, or email us.',
  offline: 'You are offline. The Help Center opens once you are back online.',
} as const;
