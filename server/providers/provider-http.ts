/**
 * The HTTP call every provider client makes: bearer secret key, JSON body, optional
 * Idempotency-Key, a timeout. A provider that cannot be reached or answers 5xx is "unavailable"
 * (the caller may retry later); any other non-2xx answer is a request error the caller maps.
 */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ProviderCallOptions {
  fetch: FetchLike;
  /** Base URL including the API version prefix, e.g. `${apiBase}/card/v1`. */
  baseUrl: string;
  secretKey: string;
  timeoutMs?: number;
  /** Builds the provider's "unavailable" error from a description. */
  unavailable: (detail: string) => Error;
}

export interface ProviderAnswer {
  status: number;
  ok: boolean;
  /** The parsed JSON body, or null when there was none or it was not JSON. */
  json: unknown;
}

export async function providerCall(
  o: ProviderCallOptions,
  method: string,
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<ProviderAnswer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${o.secretKey}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  let res: Response;
  try {
    res = await o.fetch(`${o.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
    });
  } catch (error) {
    throw o.unavailable(`unreachable: ${String(error)}`);
  }
  if (res.status >= 500) throw o.unavailable(`answered ${res.status}`);
  return { status: res.status, ok: res.ok, json: await res.json().catch(() => null) };
}
