/**
 * `npm run bench` = `tsx tests/bench/run.ts`: purchase and balance-read throughput and p50/p99 at
 * 1, 10 and 100 concurrent clients on PGlite and PostgreSQL, beside a bare node:http baseline.
 * The harness is tests/bench/benchmark.ts (type-checked with the server code it
 * measures); see its header for what is measured and the environment variables.
 */
import path from 'node:path';

import { runBenchmark } from './benchmark.ts';

await runBenchmark(path.resolve(import.meta.dirname, '../..')).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
