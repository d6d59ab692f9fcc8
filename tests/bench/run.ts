/**
 * `npm run bench` = `tsx tests/bench/run.ts`: purchase and balance-read throughput and p50/p99 at
 * 1, 10 and 100 concurrent clients on PGlite and PostgreSQL, beside a bare node:http baseline.
 * The harness is server/features/wallet/benchmark.ts (type-checked with the server code it
 * measures); see its header for what is measured and the environment variables.
 */
import path from 'node:path';

// A computed specifier keeps the tooling TypeScript project from pulling the server sources in.
const harness = ['..', '..', 'server', 'features', 'wallet', 'benchmark.ts'].join('/');
const { runBenchmark } = (await import(harness)) as { runBenchmark: (root: string) => Promise<void> };

await runBenchmark(path.resolve(import.meta.dirname, '../..')).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
