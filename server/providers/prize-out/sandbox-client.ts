/**
 * PrizeOutProvider that talks to the prize-out sandbox over HTTP with the secret key, as a client
 * of a real provider's REST API would. `fetch` is injectable: the server passes the global fetch
 * (the sandbox listens on PRIZEOUT_SANDBOX_PORT); tests pass the sandbox app's `request`.
 */
import { providerCall, type FetchLike } from '../provider-http.ts';
import {
  PRIZE_OUT_PAYOUT_STATUSES,
  PrizeOutUnavailableError,
  type PrizeOutPayout,
  type PrizeOutProvider,
} from './prize-out-provider.ts';

export interface PrizeOutClientOptions {
  /** Base URL the server reaches the sandbox API at. */
  apiBase: string;
  secretKey: string;
  fetch: FetchLike;
  timeoutMs?: number;
}

function payoutOf(json: unknown): PrizeOutPayout | null {
  const p = json as Partial<PrizeOutPayout> | null;
  if (
    !p ||
    typeof p.id !== 'string' ||
    !(PRIZE_OUT_PAYOUT_STATUSES as readonly unknown[]).includes(p.status) ||
    typeof p.amount_cents !== 'number' ||
    typeof p.email !== 'string' ||
    typeof p.reference !== 'string'
  )
    return null;
  return {
    id: p.id,
    status: p.status!,
    amount_cents: p.amount_cents,
    email: p.email,
    reference: p.reference,
    refusal_reason: typeof p.refusal_reason === 'string' ? p.refusal_reason : null,
  };
}

export function createSandboxPrizeOutProvider(o: PrizeOutClientOptions): PrizeOutProvider {
  const http = {
    fetch: o.fetch,
    baseUrl: `${o.apiBase}/prizeout/v1`,
    secretKey: o.secretKey,
    timeoutMs: o.timeoutMs ?? 15_000,
    unavailable: (detail: string) => new PrizeOutUnavailableError(detail),
  };
  return {
    async createPayout(input) {
      const answer = await providerCall(
        http,
        'POST',
        '/payouts',
        { reference: input.reference, email: input.email, amount_cents: input.amountCents, currency: 'USD' },
        input.idempotencyKey,
      );
      const payout = payoutOf(answer.json);
      // A 4xx without a payout is a request we built wrong: not the player's fault, try again later.
      if (!payout) throw new PrizeOutUnavailableError(`create payout answered ${answer.status}`);
      return payout;
    },
    async getPayout(id) {
      const answer = await providerCall(http, 'GET', `/payouts/${encodeURIComponent(id)}`);
      if (answer.status === 404) return null;
      const payout = payoutOf(answer.json);
      if (!answer.ok || !payout) throw new PrizeOutUnavailableError(`get payout answered ${answer.status}`);
      return payout;
    },
  };
}
