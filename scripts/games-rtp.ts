/**
 * `npm run games:rtp -- [--game ID] [--rounds N] [--seed S] [--out DIR]`: simulates rounds of each house
 * game through its real engine (the server's code, no HTTP) and prints the measured RTP with its
 * 99 % interval beside the declared figure; writes the figures to
 * bench-results/games-rtp-<timestamp>.json. The loop, the estimator and the per-round seeds are
 * games/engines/simulations.ts (the RTP test runs the same function). Defaults: every game,
 * 1,000,000 rounds, seed 1, the JSON in bench-results/. Exits 1 when a declared RTP falls outside
 * its interval, 2 on bad arguments.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface SimulationResult {
  gameId: string;
  rounds: number;
  measuredRtp: number;
  interval99: [number, number];
  declaredRtp: number;
  inside: boolean;
  elapsedMs: number;
}
interface SimulationsModule {
  SIMULATIONS: Readonly<Record<string, unknown>>;
  simulateGame(gameId: string, game: unknown, rounds: number, seed: number): SimulationResult;
}

// A computed specifier keeps the tooling TypeScript project from pulling the engines in (they are
// type-checked with the app and the server).
const modulePath = ['..', 'games', 'engines', 'simulations.ts'].join('/');
const { SIMULATIONS, simulateGame } = (await import(modulePath)) as SimulationsModule;

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        game: { type: 'string' },
        rounds: { type: 'string', default: '1000000' },
        seed: { type: 'string', default: '1' },
        out: { type: 'string' },
      },
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();
const rounds = Number(values.rounds);
const seed = Number(values.seed);
if (!Number.isSafeInteger(rounds) || rounds < 2) fail('--rounds takes a whole number of at least 2');
if (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff)
  fail('--seed takes a whole number from 0 to 2^32 - 1');
const known = Object.keys(SIMULATIONS);
if (values.game !== undefined && !known.includes(values.game))
  fail(`Unknown game ${values.game}; simulated games: ${known.join(', ')}`);
const gameIds = values.game === undefined ? known : [values.game];

const percent = (x: number): string => `${x.toFixed(3)} %`;
const results: SimulationResult[] = [];
console.log(`Simulating ${rounds.toLocaleString('en-US')} rounds per game, seed ${seed}`);
console.log(
  [
    'game'.padEnd(16),
    'rounds'.padStart(10),
    'measured'.padStart(11),
    '99 % interval'.padStart(25),
    'declared'.padStart(11),
    '',
    'seconds',
  ].join(' '),
);
for (const gameId of gameIds) {
  const result = simulateGame(gameId, SIMULATIONS[gameId], rounds, seed);
  results.push(result);
  console.log(
    [
      gameId.padEnd(16),
      String(result.rounds).padStart(10),
      percent(result.measuredRtp).padStart(11),
      `${percent(result.interval99[0])} .. ${percent(result.interval99[1])}`.padStart(25),
      percent(result.declaredRtp).padStart(11),
      result.inside ? 'inside ' : 'OUTSIDE',
      (result.elapsedMs / 1000).toFixed(1),
    ].join(' '),
  );
}

const root = path.resolve(import.meta.dirname, '..');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(values.out ?? path.join(root, 'bench-results'), `games-rtp-${stamp}.json`);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(
  file,
  `${JSON.stringify({ generatedAt: new Date().toISOString(), node: process.version, rounds, seed, results }, null, 2)}\n`,
);
console.log(`Written ${file}`);
if (results.some((r) => !r.inside)) process.exitCode = 1;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
