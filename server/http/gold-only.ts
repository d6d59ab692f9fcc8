/**
 * Gold-only mode (GOLD_ONLY=true) at the API edge. The product then has no Sweeps: routes that
 * exist only for Sweeps are not mounted (they answer 404 like any unknown path, see the feature
 * routers), no Sweeps are credited (seed, promo codes, purchase credit), and this guard makes sure
 * no answer carries a Sweeps amount or says the player is eligible for Sweeps, whichever feature
 * built it: `sweeps_eligible` is false and every `*_ghc` amount is 0. Sweeps a player held before
 * the switch stay in the ledger untouched; they are only not shown.
 * Mounted only in gold-only mode, so the full product pays nothing for it.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';

/** How deep the guard looks into an answer; API answers are a few levels deep. */
const MAX_DEPTH = 16;

/** The answer body with Sweeps amounts at 0 and Sweeps eligibility off (a new value; input untouched). */
export function withoutSweeps(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withoutSweeps(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'sweeps_eligible' && typeof v === 'boolean') out[key] = false;
    else if (key.endsWith('_ghc') && typeof v === 'number') out[key] = 0;
    else out[key] = withoutSweeps(v, depth + 1);
  }
  return out;
}

export function goldOnlyAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get('Content-Type') ?? '';
    if (!type.startsWith('application/json')) return;
    const text = await c.res.clone().text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return;
    }
    const { status } = c.res;
    const headers = new Headers(c.res.headers);
    headers.delete('Content-Length');
    // Hono copies the old answer's headers onto a new one (Content-Length included): drop it first.
    c.res = undefined;
    c.res = new Response(JSON.stringify(withoutSweeps(body)), { status, headers });
  };
}
