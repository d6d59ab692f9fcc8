/**
 * HTML shell and headers of the sandbox frames (card fields, bank sign-in, the vendor's slot).
 * Each page has its own CSP: scripts, styles and requests only from the sandbox origin itself, and
 * `frame-ancestors` = our app's origin only, so no other site can frame them (clickjacking) and the
 * app cannot read them (cross-origin).
 */
import type { Context } from 'hono';

export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

export function frameCsp(embedderOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${embedderOrigin}`,
  ].join('; ');
}

export function pageHeaders(c: Context, embedderOrigin: string): void {
  c.header('Content-Security-Policy', frameCsp(embedderOrigin));
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Cache-Control', 'no-store');
}

export function framePage(
  title: string,
  content: string,
  data: Record<string, string>,
  script: string | null,
  /** The sandbox's own stylesheet (each sandbox serves its frame assets under its own path). */
  stylesheet = '/card/assets/frame.css',
): string {
  const attrs = Object.entries(data)
    .map(([k, v]) => ` data-${k}="${escapeHtml(v)}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body${attrs}>
${content}
${script ? `<script src="${escapeHtml(script)}"></script>` : ''}
</body>
</html>`;
}
