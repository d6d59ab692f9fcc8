/**
 * Security headers on every answer. The CSP allows only our own origin for scripts, requests,
 * frames and workers; inline style attributes are allowed because linaria passes dynamic values
 * through CSS custom properties in style attributes. Game pages (/games/*) run inside our own
 * iframe, so they may be framed by our origin only; everything else may not be framed at all.
 * The header sets are built once when the app starts; a request only copies one of them. They are
 * plain lists rather than `hono/secure-headers` because the node:http fast path (fast-reads.ts)
 * writes the API set without Hono: one definition serves both.
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

export type HeaderSet = readonly (readonly [string, string])[];

function headerSet(path: string, options: { https: boolean; frameSrc?: readonly string[] }): HeaderSet {
  const set: [string, string][] = [
    ['Content-Security-Policy', cspFor(path, options.frameSrc)],
    ['X-Frame-Options', path.startsWith('/games/') ? 'SAMEORIGIN' : 'DENY'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    [
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()',
    ],
    // Our pages keep their own browsing context group, but a sign-in popup they open (Google or
    // Facebook, docs/social-sign-in.md) keeps its opener so it can post the ID token back.
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
  ];
  if (options.https) set.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return set;
}

/**
 * API answers are JSON, never rendered as documents: a policy that allows nothing, no framing,
 * no sniffing, no caching (OWASP's REST set). The document-only headers (Permissions-Policy,
 * Referrer-Policy, Cross-Origin-Opener-Policy) would only add bytes to every answer.
 */
export function apiHeaderSet(options: { https: boolean }): HeaderSet {
  const set: [string, string][] = [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Frame-Options', 'DENY'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Cache-Control', 'no-store'],
  ];
  if (options.https) set.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return set;
}

/** `frameSrc`: extra origins our pages may frame (the payment provider's hosted fields / 3-D Secure pages). */
export function securityHeaders(options: {
  https: boolean;
  frameSrc?: readonly string[];
}): MiddlewareHandler {
  const forApi = apiHeaderSet(options);
  const forGames = headerSet('/games/', options);
  const forPages = headerSet('/', options);
  return async (c, next) => {
    await next();
    const path = c.req.path;
    const set = path.startsWith('/api/') ? forApi : path.startsWith('/games/') ? forGames : forPages;
    const headers = c.res.headers;
    for (const [name, value] of set) {
      // A public answer that says how long it may be kept (the games catalogue) keeps its policy.
      if (name === 'Cache-Control' && headers.get(name)?.startsWith('public')) continue;
      headers.set(name, value);
    }
  };
}
