/**
 * The one way the app talks to the API (/api/v1). It adds the `Authorization: JWT <token>`
 * header from the session (given by configureApiClient), the CSRF double-submit header on unsafe methods, sends cookies
 * (same origin), validates every answer with its superstruct schema and maps failures to the
 * error catalogue (spec section 8). An expired access token is refreshed once, transparently,
 * and the request retried. Callers that show an error inline pass `{ handleErrors: false }`.
 * Caches: the CSRF token read from the cookie or the csrf call is kept in memory only.
 */
import { reportApiReachable, reportApiUnreachable } from '../pwa/online-status.ts';
import { FROM_CACHE_HEADER } from '../contract/sw-messages.ts';
import { validate, type Struct } from 'superstruct';
import { API_PATHS, API_PREFIX } from '../contract/api-paths.ts';
import {
  AUTH_SCHEME,
  CSRF_COOKIE,
  CSRF_HEADER,
  HOST_COOKIE_PREFIX,
  IDEMPOTENCY_HEADER,
} from '../contract/constants.ts';
import {
  ApiErrorSchema,
  CsrfResponseSchema,
  RefreshResponseSchema,
  type RefreshResponse,
} from '../contract/schemas.ts';
import { ERROR_CODES } from '../contract/error-codes.ts';
import { PLAYER_STANDING_ERROR_CODES } from '../contract/player-standing.ts';

/** Client-side codes added to the server's catalogue. */
export const CLIENT_ERROR_CODES = {
  BAD_RESPONSE: 'BAD_RESPONSE',
  NETWORK_ERROR: 'NETWORK_ERROR',
  OFFLINE: 'OFFLINE',
  ABORTED: 'ABORTED',
} as const;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | null;
  readonly extra: Record<string, unknown> | null;

  constructor(
    status: number,
    code: string,
    message: string,
    field: string | null = null,
    extra: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.extra = extra;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** false: no catalogue dialog; the caller shows the error (e.g. form field errors). */
  handleErrors?: boolean;
  /** false: a no-token call (no Authorization header, no refresh-and-retry). */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Money-moving calls send an idempotency key so a retry replays the first answer. */
  idempotencyKey?: string;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const UNSAFE: readonly Method[] = ['POST', 'PATCH', 'PUT', 'DELETE'];

// ---------------------------------------------------------------- hooks set by the session layer
/**
 * What the client needs from the session, given by the app at start (configureApiClient): the
 * client keeps no session state of its own and imports nothing from the store.
 */
export interface ApiHooks {
  /** The access token to send, or null (no Authorization header). */
  accessToken: () => string | null;
  /** Whether a player is signed in: a refused refresh then ends the session. */
  isSignedIn: () => boolean;
  /** The refresh cookie gave a new access token: keep it and reschedule the next refresh. */
  onTokenRefreshed: (answer: RefreshResponse) => void;
  /** The refresh cookie was refused, or the server could not be reached. */
  onTokenRefreshFailed: () => void;
  /** The refresh cookie is gone or refused while a call needed a session. */
  onSessionExpired: () => void;
  /** An error the catalogue answers with a dialog (spec section 8). */
  showErrorDialog: (dialog: CatalogueDialog) => void;
}
const signedOutHooks = (): ApiHooks => ({
  accessToken: () => null,
  isSignedIn: () => false,
  onTokenRefreshed: () => undefined,
  onTokenRefreshFailed: () => undefined,
  onSessionExpired: () => undefined,
  showErrorDialog: () => undefined,
});
const hooks: ApiHooks = signedOutHooks();
export function configureApiClient(next: Partial<ApiHooks>): void {
  Object.assign(hooks, next);
}

// ---------------------------------------------------------------- CSRF
let csrfFromResponse: string | null = null;
let csrfInFlight: Promise<string | null> | null = null;

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** The CSRF cookie: `__Host-lc_csrf` on an https origin, `lc_csrf` on http. */
const readCsrfCookie = (): string | null =>
  readCookie(`${HOST_COOKIE_PREFIX}${CSRF_COOKIE}`) ?? readCookie(CSRF_COOKIE);

async function csrfToken(forceNew = false): Promise<string | null> {
  if (!forceNew) {
    const fromCookie = readCsrfCookie();
    if (fromCookie) return fromCookie;
    if (csrfFromResponse) return csrfFromResponse;
  }
  csrfInFlight ??= (async () => {
    try {
      const res = await fetch(apiUrlOf(API_PATHS.csrf), {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      const data: unknown = await res.json().catch(() => null);
      const [err, ok] = validate(data, CsrfResponseSchema);
      csrfFromResponse = err ? null : ok.csrf_token;
    } catch {
      csrfFromResponse = null;
    }
    // The cookie is what the server compares against; prefer it when both exist.
    return readCsrfCookie() ?? csrfFromResponse;
  })().finally(() => {
    csrfInFlight = null;
  });
  return csrfInFlight;
}

/** Test helper: forget the cached CSRF token (and, with `hooks`, the configured hooks). */
export function resetApiClientState(options: { hooks?: boolean } = {}): void {
  csrfFromResponse = null;
  csrfInFlight = null;
  refreshInFlight = null;
  if (options.hooks) Object.assign(hooks, signedOutHooks());
}

// ---------------------------------------------------------------- token refresh
/**
 * refreshed: new token stored; refused: the server ended the session; unreachable: no answer;
 * blocked: the country block answered (403 ACCESS_CURRENTLY_UNAVAILABLE): the player is somewhere
 * play is not offered, and the app signs out and shows the country dialog.
 */
export type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable' | 'blocked';
let refreshInFlight: Promise<RefreshOutcome> | null = null;

/**
 * Waits before each retry of a refresh whose answer did not arrive while the browser is online
 * (a lost answer on a flaky link). The server accepts the same refresh cookie again: a rotation
 * becomes final only when the new cookie is used (docs/security.md, "Refresh-token rotation").
 */
export const REFRESH_RETRY_DELAYS_MS = [300, 1_000] as const;

const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Exchanges the httpOnly refresh cookie for a new access token (one call at a time however
 * many requests need it) and hands the token to the session (onTokenRefreshed). A lost answer
 * is retried (REFRESH_RETRY_DELAYS_MS) unless the browser is offline.
 */
export function refreshAccessToken(): Promise<RefreshOutcome> {
  refreshInFlight ??= (async (): Promise<RefreshOutcome> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await send(
          'POST',
          API_PATHS.refresh,
          {},
          RefreshResponseSchema,
          { auth: false, handleErrors: false },
          true,
        );
        hooks.onTokenRefreshed(answer);
        return 'refreshed';
      } catch (e) {
        const unreachable = e instanceof ApiError && (e.status === 0 || e.status >= 500);
        const delay = REFRESH_RETRY_DELAYS_MS[attempt];
        if (unreachable && delay !== undefined && !browserOffline()) {
          await new Promise((resolve) => setTimeout(resolve, delay));
          continue;
        }
        hooks.onTokenRefreshFailed();
        if (e instanceof ApiError && e.code === ERROR_CODES.ACCESS_CURRENTLY_UNAVAILABLE) return 'blocked';
        return unreachable ? 'unreachable' : 'refused';
      }
    }
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

// ---------------------------------------------------------------- error catalogue
/** The dialogs the error catalogue opens (kinds of the app's dialog list). */
export type CatalogueDialogKind =
  | 'access-unavailable'
  | 'permission-denied'
  | 'server-busy'
  | 'generic-error'
  | 'account-suspended'
  | 'w9-required';

/**
 * Blocks on the player's standing: they stop whatever was asked, wherever it was asked (a game
 * round, a redemption), so their dialog opens even for calls that show other errors inline.
 */
const STANDING_DIALOGS: Readonly<Record<string, CatalogueDialogKind>> = {
  [PLAYER_STANDING_ERROR_CODES.ACCOUNT_SUSPENDED]: 'account-suspended',
  [PLAYER_STANDING_ERROR_CODES.W9_REQUIRED]: 'w9-required',
};

export interface CatalogueDialog {
  kind: CatalogueDialogKind;
  props: Record<string, unknown>;
}

/**
 * Spec section 8 as a pure function: which dialog (if any) an error opens. Field-level and
 * other 4xx answers return null: the screen that made the call explains them.
 */
export function errorDialogFor(error: ApiError, signedIn: boolean): CatalogueDialog | null {
  if (error.code === CLIENT_ERROR_CODES.OFFLINE || error.code === CLIENT_ERROR_CODES.ABORTED) return null;
  if (error.code === ERROR_CODES.ACCESS_CURRENTLY_UNAVAILABLE)
    return { kind: 'access-unavailable', props: {} };
  // Not a refusal to explain: the guards already keep a pending player on mobile verification.
  if (error.code === ERROR_CODES.MOBILE_VERIFICATION_REQUIRED) return null;
  const standing =
    error.status === 403 && Object.hasOwn(STANDING_DIALOGS, error.code)
      ? STANDING_DIALOGS[error.code]
      : undefined;
  if (standing) return { kind: standing, props: { message: error.message, extra: error.extra } };
  if (error.status === 403) return { kind: 'permission-denied', props: { message: error.message } };
  if (error.status === 429) return { kind: 'server-busy', props: {} };
  if (error.status === 0 || error.status >= 500 || error.code === CLIENT_ERROR_CODES.BAD_RESPONSE) {
    return { kind: 'generic-error', props: { signedIn } };
  }
  return null;
}

export function reportApiError(error: ApiError): void {
  const dialog = errorDialogFor(error, hooks.isSignedIn());
  if (dialog) hooks.showErrorDialog(dialog);
}

// ---------------------------------------------------------------- requests
export function apiUrlOf(path: string, query?: Record<string, QueryValue>): string {
  const base = path.startsWith(API_PREFIX) ? path : `${API_PREFIX}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { __unparsable: true };
  }
}

function toApiError(status: number, body: unknown, statusText: string): ApiError {
  const [err, ok] = validate(body, ApiErrorSchema);
  if (!err) return new ApiError(status, ok.code, ok.message, ok.field ?? null, ok.extra ?? null);
  return new ApiError(status, `HTTP_${status}`, statusText || `Request failed with status ${status}`);
}

async function send<T>(
  method: Method,
  path: string,
  body: unknown,
  schema: Struct<T, unknown> | undefined,
  opts: RequestOptions,
  isRefreshCall = false,
  retried = { token: false, csrf: false },
): Promise<T> {
  const handle = opts.handleErrors !== false;
  const fail = (e: ApiError): never => {
    // A read that got no answer is told by the connection banner (pwa/online-status.ts), and the
    // page shows what it kept: on a dead link that still looks online to the browser, opening the
    // app must not greet the player with "Something Went Wrong". An action still tells its own.
    const unansweredRead = method === 'GET' && e.code === CLIENT_ERROR_CODES.NETWORK_ERROR;
    if ((handle && !unansweredRead) || (e.status === 403 && Object.hasOwn(STANDING_DIALOGS, e.code)))
      reportApiError(e);
    throw e;
  };

  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  // Form data (a file upload) carries its own multipart Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = hooks.accessToken();
  const useAuth = opts.auth !== false;
  if (useAuth && token) headers.Authorization = `${AUTH_SCHEME} ${token}`;
  if (UNSAFE.includes(method)) {
    const csrf = await csrfToken(retried.csrf);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  if (opts.idempotencyKey) headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey;

  let res: Response;
  try {
    res = await fetch(apiUrlOf(path, opts.query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError')
      throw new ApiError(0, CLIENT_ERROR_CODES.ABORTED, 'The request was cancelled.');
    reportApiUnreachable();
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return fail(
      offline
        ? new ApiError(0, CLIENT_ERROR_CODES.OFFLINE, 'You are offline. Check your connection and try again.')
        : new ApiError(
            0,
            CLIENT_ERROR_CODES.NETWORK_ERROR,
            'We could not reach our servers. Please try again.',
          ),
    );
  }

  // The worker's copies: a network-first fallback means the server did not answer; a
  // stale-while-revalidate copy proves nothing; a real answer proves the server is reachable.
  const fromCache = res.headers.get(FROM_CACHE_HEADER);
  if (fromCache === 'fallback') reportApiUnreachable();
  else if (!fromCache) reportApiReachable();
  const data = await parseBody(res);
  if (!res.ok) {
    const error = toApiError(res.status, data, res.statusText);
    if (res.status === 401 && useAuth && !isRefreshCall) {
      // An expired token, or none yet (a session resumed offline from the mirror): refresh, retry once.
      if ((error.code === ERROR_CODES.TOKEN_EXPIRED || !token) && !retried.token) {
        const outcome = await refreshAccessToken();
        if (outcome === 'refreshed')
          return send(method, path, body, schema, opts, false, { ...retried, token: true });
        // The refresh answer did not arrive: the session may well be fine, so this is a network
        // error for the call, never a sign-out.
        if (outcome === 'unreachable')
          return fail(
            new ApiError(
              0,
              browserOffline() ? CLIENT_ERROR_CODES.OFFLINE : CLIENT_ERROR_CODES.NETWORK_ERROR,
              browserOffline()
                ? 'You are offline. Check your connection and try again.'
                : 'We could not reach our servers. Please try again.',
            ),
          );
      }
      // The session is over (refresh refused, or the server no longer knows the token).
      if (hooks.isSignedIn()) {
        hooks.onSessionExpired();
        throw error;
      }
    }
    if (res.status === 403 && error.code === ERROR_CODES.CSRF_FAILED && !retried.csrf) {
      // The CSRF cookie rotated or expired: fetch a fresh one and try once more.
      return send(method, path, body, schema, opts, isRefreshCall, { ...retried, csrf: true });
    }
    return fail(error);
  }

  if (!schema) return data as T;
  const [invalid, value] = validate(data, schema);
  if (invalid) {
    return fail(
      new ApiError(
        res.status,
        CLIENT_ERROR_CODES.BAD_RESPONSE,
        `Unexpected answer from the server (${invalid.path.join('.') || 'body'}).`,
      ),
    );
  }
  return value;
}

export const api = {
  get<T>(path: string, schema: Struct<T, unknown>, opts: RequestOptions = {}): Promise<T> {
    return send('GET', path, undefined, schema, opts);
  },
  post<T = unknown>(
    path: string,
    body?: unknown,
    schema?: Struct<T, unknown>,
    opts: RequestOptions = {},
  ): Promise<T> {
    return send('POST', path, body ?? {}, schema, opts);
  },
  patch<T = unknown>(
    path: string,
    body: unknown,
    schema?: Struct<T, unknown>,
    opts: RequestOptions = {},
  ): Promise<T> {
    return send('PATCH', path, body, schema, opts);
  },
  put<T = unknown>(
    path: string,
    body: unknown,
    schema?: Struct<T, unknown>,
    opts: RequestOptions = {},
  ): Promise<T> {
    return send('PUT', path, body, schema, opts);
  },
  del<T = unknown>(path: string, schema?: Struct<T, unknown>, opts: RequestOptions = {}): Promise<T> {
    return send('DELETE', path, undefined, schema, opts);
  },
};
