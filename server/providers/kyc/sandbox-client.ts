/**
 * IdentityProvider that talks to the identity sandbox over HTTP with the secret key, as a client
 * of a real provider's REST API would. `fetch` is injectable: the server passes the global fetch
 * (the sandbox listens on KYC_SANDBOX_PORT); tests pass the sandbox app's `request`.
 */
import type { KycFlow } from '../../../src/contract/kyc.ts';
import { providerCall, type FetchLike } from '../provider-http.ts';
import {
  IdentityProviderUnavailableError,
  PROVIDER_DECISIONS,
  type IdentityProvider,
  type IdentitySession,
  type ProviderDecision,
} from './kyc-provider.ts';

export interface IdentitySandboxClientOptions {
  /** Base URL the server reaches the sandbox API at (may differ from the browser-facing origin). */
  apiBase: string;
  /** Browser-facing origin of the frame. */
  origin: string;
  secretKey: string;
  fetch: FetchLike;
  timeoutMs?: number;
}

const isDecision = (v: unknown): v is ProviderDecision =>
  typeof v === 'string' && (PROVIDER_DECISIONS as readonly string[]).includes(v);

export function createSandboxIdentityProvider(o: IdentitySandboxClientOptions): IdentityProvider {
  const http = {
    fetch: o.fetch,
    baseUrl: `${o.apiBase}/kyc/v1`,
    secretKey: o.secretKey,
    timeoutMs: o.timeoutMs ?? 10_000,
    unavailable: (detail: string) => new IdentityProviderUnavailableError(detail),
  };
  const unexpected = (what: string, status: number) =>
    new IdentityProviderUnavailableError(`${what} answered ${status}`);

  return {
    origin: o.origin,
    async startSession(flow: KycFlow): Promise<IdentitySession> {
      const answer = await providerCall(http, 'POST', '/sessions', { flow });
      const json = answer.json as Partial<IdentitySession> | null;
      if (!answer.ok || typeof json?.reference !== 'string' || typeof json.href !== 'string')
        throw unexpected('start session', answer.status);
      return { reference: json.reference, href: json.href };
    },
    async resultOf(authResponse: string) {
      const answer = await providerCall(http, 'GET', `/results/${encodeURIComponent(authResponse)}`);
      if (answer.status === 404) return null;
      const json = answer.json as { reference?: unknown; decision?: unknown } | null;
      if (!answer.ok || typeof json?.reference !== 'string' || !isDecision(json.decision))
        throw unexpected('result', answer.status);
      return { reference: json.reference, decision: json.decision };
    },
    async workflowDecision(reference: string) {
      const answer = await providerCall(http, 'GET', `/sessions/${encodeURIComponent(reference)}`);
      if (answer.status === 404) return null;
      const json = answer.json as { decision?: unknown } | null;
      if (!answer.ok || !isDecision(json?.decision)) throw unexpected('workflow execution', answer.status);
      return json.decision;
    },
  };
}
