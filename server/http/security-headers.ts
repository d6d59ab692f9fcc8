/**
 * Security headers on every answer. The CSP allows only our own origin for scripts, requests,
 * frames and workers; inline style attributes are allowed because linaria passes dynamic values
 * through CSS custom properties in style attributes. Game pages (/games/*) run inside our own
 * iframe, so they may be framed by our origin only; everything else may not be framed at all.
 */
import type { MiddlewareHandler } from 'hono';

export function cspFor(pathname: string, frameSrc: readonly string[] = []): string {
  const frameAncestors = pathname.startsWith('/games/') ? "'self'" : "'none'";
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    ["frame-src 'self'", ...frameSrc].join(' '),
    "worker-src 'self'",
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** `frameSrc`: extra origins our pages may frame (the payment provider's hosted fields / 3-D Secure pages). */
export function securityHeaders(options: {
  https: boolean;
  frameSrc?: readonly string[];
}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const path = c.req.path;
    const h = c.res.headers;
    h.set('Content-Security-Policy', cspFor(path, options.frameSrc));
    h.set('X-Frame-Options', path.startsWith('/games/') ? 'SAMEORIGIN' : 'DENY');
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()',
    );
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Cross-Origin-Resource-Policy', 'same-origin');
    if (options.https) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (path.startsWith('/api/')) h.set('Cache-Control', 'no-store');
  };
}
