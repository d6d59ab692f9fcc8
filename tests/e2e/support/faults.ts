/**
 * A fault-injecting network for browser tests: a Playwright routing layer on the context's
 * /api/ requests that, by a seeded PRNG (mulberry32), can
 *   - lose an answer after the server committed it (route.fetch() then route.abort()),
 *   - drop a request before it reaches the server (route.abort() without fetching),
 *   - delay answers (fetch, wait, then fulfil),
 *   - flip the browser offline and back (context.setOffline) in the middle of an action.
 * The seed comes from FAULT_SEED when set, else a random one; it is printed when a test fails
 * (`printSeedOnFailure`) so the same faults can be replayed: `FAULT_SEED=1234 npx playwright test …`.
 *
 * By default only money-moving requests are faulted (POST, PUT, PATCH, DELETE), not the session's
 * own calls (sign-in, refresh, sign-out, CSRF: section 2 of the flaky-network work has its own
 * tests), so a run measures the one rule for money actions. `faultGets` adds the reads.
 */
import type { BrowserContext, Request, Route, TestInfo } from '@playwright/test';

/** mulberry32: a small, well-mixed 32-bit PRNG; the same seed gives the same faults. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FaultOptions {
  /** Share of matched answers lost after the server committed them (0..1). */
  lossRate?: number;
  /** Share of matched requests dropped before they reach the server (0..1). */
  dropRate?: number;
  /** Milliseconds added to every matched answer. */
  delayMs?: number;
  /** Also fault GET requests (reads). */
  faultGets?: boolean;
  /** Narrows the faulted requests further (e.g. one path). */
  only?: (request: Request) => boolean;
}

export interface FaultStats {
  /** Requests the layer saw and could fault. */
  matched: number;
  lost: number;
  dropped: number;
  delayed: number;
}

type Fault = 'lose' | 'drop';

/** Session calls left alone: signing in and keeping the session are not money actions. */
const SESSION_PATHS = /\/api\/v1\/(auth|session|csrf|health|client-version|analytics)(\/|$|\?)/;

export const faultSeed = (): number => {
  const fromEnv = Number(process.env.FAULT_SEED);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 1 + Math.floor(Math.random() * 2 ** 31);
};

export class FaultyNetwork {
  readonly seed: number;
  readonly stats: FaultStats = { matched: 0, lost: 0, dropped: 0, delayed: 0 };
  private readonly random: () => number;
  private options: FaultOptions;
  private readonly forced: { fault: Fault; match: (request: Request) => boolean }[] = [];
  private installed = false;

  constructor(
    private readonly context: BrowserContext,
    options: FaultOptions = {},
    seed: number = faultSeed(),
  ) {
    this.seed = seed;
    this.random = seededRandom(seed);
    this.options = options;
  }

  /** Routes the context's /api/ requests through the layer. */
  async install(): Promise<this> {
    if (!this.installed) {
      this.installed = true;
      await this.context.route('**/api/**', (route) => this.handle(route));
    }
    return this;
  }

  /** New rates from now on (e.g. none while the test signs in, then 30 % loss). */
  set(options: FaultOptions): void {
    this.options = options;
  }

  /** The next request matching `match` loses its answer after the server committed it. */
  loseNext(match: (request: Request) => boolean): void {
    this.forced.push({ fault: 'lose', match });
  }

  /** The next request matching `match` is dropped before it reaches the server. */
  dropNext(match: (request: Request) => boolean): void {
    this.forced.push({ fault: 'drop', match });
  }

  /** Takes the browser offline for `ms`, then back online (navigator.onLine and its events follow). */
  async offlineFor(ms: number): Promise<void> {
    await this.context.setOffline(true);
    await new Promise((resolve) => setTimeout(resolve, ms));
    await this.context.setOffline(false);
  }

  /** A line for the report: the seed and what happened. */
  summary(): string {
    const { matched, lost, dropped, delayed } = this.stats;
    return `FAULT_SEED=${this.seed}: ${matched} requests, ${lost} answers lost, ${dropped} dropped, ${delayed} delayed`;
  }

  private faultable(request: Request): boolean {
    const url = request.url();
    if (SESSION_PATHS.test(new URL(url).pathname)) return false;
    if (request.method() === 'GET' && !this.options.faultGets) return false;
    return this.options.only ? this.options.only(request) : true;
  }

  private pick(request: Request): Fault | null {
    const forced = this.forced.findIndex((f) => f.match(request));
    if (forced >= 0) {
      const [f] = this.forced.splice(forced, 1);
      return f?.fault ?? null;
    }
    if (!this.faultable(request)) return null;
    // One draw per request whatever the rates, so a seed replays the same sequence.
    const draw = this.random();
    const { lossRate = 0, dropRate = 0 } = this.options;
    if (draw < dropRate) return 'drop';
    if (draw < dropRate + lossRate) return 'lose';
    return null;
  }

  private async handle(route: Route): Promise<void> {
    const request = route.request();
    const counted = this.faultable(request) || this.forced.some((f) => f.match(request));
    if (counted) this.stats.matched += 1;
    const fault = this.pick(request);
    if (fault === 'drop') {
      this.stats.dropped += 1;
      await route.abort('connectionreset');
      return;
    }
    const delay = counted ? (this.options.delayMs ?? 0) : 0;
    if (!fault && delay === 0) {
      await route.fallback();
      return;
    }
    let response;
    try {
      response = await route.fetch();
    } catch {
      await route.abort('failed').catch(() => undefined);
      return;
    }
    if (fault === 'lose') {
      // The server did the work; the browser never hears of it.
      this.stats.lost += 1;
      await route.abort('connectionreset');
      return;
    }
    this.stats.delayed += 1;
    await new Promise((resolve) => setTimeout(resolve, delay));
    await route.fulfill({ response });
  }
}

/** Installs a faulty network on the context (no faults until `set`). */
export async function faultyNetwork(
  context: BrowserContext,
  options: FaultOptions = {},
): Promise<FaultyNetwork> {
  return new FaultyNetwork(context, options).install();
}

/** Prints the seed and the faults made when the test failed, and attaches them to its report. */
export async function printSeedOnFailure(testInfo: TestInfo, network: FaultyNetwork | null): Promise<void> {
  if (!network) return;
  const line = network.summary();
  testInfo.annotations.push({ type: 'faults', description: line });
  if (testInfo.status !== testInfo.expectedStatus) {
    console.log(`[faults] ${testInfo.title}: ${line} (replay with FAULT_SEED=${network.seed})`);
    await testInfo.attach('faults', { body: line, contentType: 'text/plain' });
  }
}
