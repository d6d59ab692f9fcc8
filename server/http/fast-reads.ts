/**
 * The few hottest signed-in reads (the balance read) answered at the node:http level, without
 * Hono's Request/Response pair, the middleware chain and the router: a GET of exactly a listed
 * path runs the route's own function (the same one its Hono route calls, with the same session
 * check) and writes the same answer the Hono app writes: 200, `application/json`, the API
 * security headers, the same JSON (Sweeps amounts at 0 in gold-only mode).
 *
 * Anything that is not that plain success goes to the Hono app, which then answers it as it
 * answers every request: another method (HEAD, or POST and DELETE, which it refuses), a query
 * string or another spelling of the path, an unusual Host header, a country the country block
 * refuses, and every error the read throws (no token, expired token, ended session, closed
 * account...): the Hono route runs again and answers with the error shape, so errors have one
 * implementation. A read that failed is repeated once; the success path, which is what players
 * send over and over, runs once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthTarget } from './auth.ts';
import { acceptsGzip, COMPRESS_MIN_BYTES } from './compression.ts';
import { blockedCountry } from './country-block.ts';
import { withoutSweeps } from './gold-only.ts';
import { apiHeaderSet } from './security-headers.ts';

/** A read the fast path may answer: `path` is the whole request path (with /api/v1). */
export interface FastRead {
  path: string;
  /** The route's answer for a signed-in request; throws (ApiError) like the route does. */
  answer(request: AuthTarget): Promise<unknown>;
}

export interface FastReadOptions {
  /** PUBLIC_ORIGIN is https (HSTS on every answer). */
  https: boolean;
  goldOnly: boolean;
  /** TRUST_COUNTRY_HEADER: the header carrying the visitor's country; null = country block off. */
  countryHeader: string | null;
  /** false: every request goes to the app (at debug level the app logs each request). */
  enabled: boolean;
}

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Host names the Hono adapter accepts as they are (its own rule); others go to the app. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * A header as the Hono adapter reads it: every occurrence, trimmed, joined with ", " ("; " for
 * Cookie). Node's `req.headers` keeps only the first Authorization header of several, which
 * would let a request through that the app refuses.
 */
export function headerOf(req: IncomingMessage, name: string): string | undefined {
  const lower = name.toLowerCase();
  const raw = req.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length !== lower.length || key.toLowerCase() !== lower) continue;
    const part = raw[i + 1]!.replace(HTTP_WHITESPACE, '');
    value = value === undefined ? part : `${value}${lower === 'cookie' ? '; ' : ', '}${part}`;
  }
  return value;
}

/**
 * The request as the session check sees it (the parts of Hono's Context it uses). Methods on a
 * prototype rather than closures per request: the server runs under tsx, which names every
 * function it creates (keepNames), and this runs on every balance read.
 */
class IncomingRequestView {
  readonly method = 'GET';
  constructor(
    private readonly incoming: IncomingMessage,
    readonly path: string,
  ) {}
  header(name: string): string | undefined {
    return headerOf(this.incoming, name);
  }
}
// The CSRF check runs on unsafe methods only: a GET has no CSRF session. The ids the check sets
// are read by later middleware, and a fast read has none.
const noCsrfSession = (): undefined => undefined;
const nothingToRecord = (): void => undefined;

interface Answering {
  read: FastRead;
  headers: Readonly<Record<string, string>>;
  goldOnly: boolean;
  fallback: NodeListener;
}

async function answerRead(
  { read, headers, goldOnly, fallback }: Answering,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<unknown> {
  let body: string;
  try {
    const answer = await read.answer({
      req: new IncomingRequestView(req, read.path),
      get: noCsrfSession,
      set: nothingToRecord,
    });
    body = JSON.stringify(goldOnly ? withoutSweeps(answer) : answer);
  } catch {
    // Nothing is written yet: the app answers (its error shape, or its own 500 and log line).
    return fallback(req, res);
  }
  const length = Buffer.byteLength(body);
  // The app gzips JSON of 1 KB or more: let it (the fast reads are far smaller).
  if (length >= COMPRESS_MIN_BYTES && acceptsGzip(headerOf(req, 'accept-encoding') ?? ''))
    return fallback(req, res);
  res.writeHead(200, { ...headers, 'content-length': String(length) });
  res.end(body);
}

/** `fallback` (the Hono app's listener) with the listed reads answered in front of it. */
export function fastReadListener(
  reads: readonly FastRead[],
  options: FastReadOptions,
  fallback: NodeListener,
): NodeListener {
  if (!options.enabled || reads.length === 0) return fallback;
  // The headers of the app's JSON answers (c.json), then the API security headers it adds.
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [name, value] of apiHeaderSet({ https: options.https })) headers[name.toLowerCase()] = value;
  const byPath = new Map(
    reads.map((read): [string, Answering] => [
      read.path,
      { read, headers, goldOnly: options.goldOnly, fallback },
    ]),
  );
  const { countryHeader } = options;

  return (req, res) => {
    const answering = req.method === 'GET' ? byPath.get(req.url ?? '') : undefined;
    if (
      !answering ||
      !PLAIN_HOST.test(req.headers.host ?? '') ||
      (countryHeader !== null && blockedCountry(headerOf(req, countryHeader)) !== null)
    )
      return fallback(req, res);
    return answerRead(answering, req, res);
  };
}
