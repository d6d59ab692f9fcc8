/**
 * Calls of the operator console. Not the player API client: that one sends the player's access
 * token, which operator routes refuse. The operator session is an httpOnly cookie the browser
 * sends to /api/v1/operator only; the CSRF token comes from the session answers and is kept here
 * in memory (its cookie is httpOnly too).
 */
import { API_PATHS, API_PREFIX } from '../../contract/api-paths.ts';
import { CSRF_HEADER } from '../../contract/constants.ts';
import { OPERATOR_API_PATHS, type OperatorSession } from '../../contract/operator.ts';
import { isTrue, PROPERTY_NAMES } from '../../contract/properties.ts';

export class OperatorApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field: string | null,
  ) {
    super(message);
    this.name = 'OperatorApiError';
  }
}

let csrfToken: string | null = null;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    if (csrfToken === null) await call<{ csrf_token: string }>('GET', OPERATOR_API_PATHS.csrf);
    headers[CSRF_HEADER] = csrfToken ?? '';
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new OperatorApiError(0, 'OFFLINE', 'The server could not be reached. Check the connection.', null);
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    parsed = null;
  }
  const answer = (parsed ?? {}) as Record<string, unknown>;
  if (typeof answer.csrf_token === 'string') csrfToken = answer.csrf_token;
  if (!res.ok) {
    throw new OperatorApiError(
      res.status,
      typeof answer.code === 'string' ? answer.code : 'ERROR',
      typeof answer.message === 'string' ? answer.message : `Request failed (${res.status}).`,
      typeof answer.field === 'string' ? answer.field : null,
    );
  }
  return parsed as T;
}

export const operatorApi = {
  get: <T>(path: string) => call<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => call<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => call<T>('PUT', path, body),

  /** The signed-in operator, or null when not signed in. */
  async session(): Promise<OperatorSession | null> {
    try {
      return await call<OperatorSession>('GET', OPERATOR_API_PATHS.session);
    } catch (error) {
      if (error instanceof OperatorApiError && error.status === 401) return null;
      throw error;
    }
  },
  /** Gold-only mode (no Sweeps): the console then has no redemption or mail-in sections. */
  async goldOnly(): Promise<boolean> {
    const res = await fetch(`${API_PREFIX}${API_PATHS.properties}?names=${PROPERTY_NAMES.goldOnlyMode}`);
    if (!res.ok) return false;
    const answer = (await res.json()) as { results?: Array<{ key: string; value: string }> };
    return isTrue(answer.results?.find((p) => p.key === PROPERTY_NAMES.goldOnlyMode)?.value);
  },
  signIn: (email: string, password: string) =>
    call<OperatorSession>('POST', OPERATOR_API_PATHS.session, { email, password }),
  async signOut(): Promise<void> {
    await call<null>('DELETE', OPERATOR_API_PATHS.session);
    csrfToken = null;
  },
};
