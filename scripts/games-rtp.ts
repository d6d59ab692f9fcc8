/**
 * `npm run games:rtp -- [--game ID] [--rounds N] [--expert-rounds N] [--seed S] [--out DIR]`:
 * simulates rounds of each house game through its real engine (the server's code, no HTTP) and
 * prints the measured RTP with its 99 % interval beside the declared figure; for a game whose
 * return depends on skill (Klondike) it then plays the strongest player we built and prints its
 * return too, so the game's range reads "between casual and expert". Writes the figures to
 * bench-results/games-rtp-<timestamp>.json. The loop, the estimator and the per-round seeds are
 * games/engines/simulations.ts (the RTP test runs the same function). Defaults: every game,
 * 1,000,000 rounds (the expert: its own default, 5,000, as it searches every move), seed 1, the
 * JSON in bench-results/. Exits 1 when a declared RTP falls outside its interval or the expert's
 * upper bound reaches its ceiling (100 %), 2 on bad arguments.
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
  EXPERT_SIMULATIONS: Readonly<Record<string, { player: string; ceilingRtp: number; defaultRounds: number }>>;
  simulateGame(gameId: string, game: unknown, rounds: number, seed: number): SimulationResult;
}

// A computed specifier keeps the tooling TypeScript project from pulling the engines in (they are
// type-checked with the app and the server).
const modulePath = ['..', 'games', 'engines', 'simulations.ts'].join('/');
const { SIMULATIONS, EXPERT_SIMULATIONS, simulateGame } = (await import(modulePath)) as SimulationsModule;

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        game: { type: 'string' },
        rounds: { type: 'string', default: '1000000' },
        'expert-rounds': { type: 'string' },
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
const expertRounds = values['expert-rounds'] === undefined ? undefined : Number(values['expert-rounds']);
if (expertRounds !== undefined && (!Number.isSafeInteger(expertRounds) || expertRounds < 2))
  fail('--expert-rounds takes a whole number of at least 2');
const known = Object.keys(SIMULATIONS);
if (values.game !== undefined && !known.includes(values.game))
  fail(`Unknown game ${values.game}; simulated games: ${known.join(', ')}`);
const gameIds = values.game === undefined ? known : [values.game];

const percent = (x: number): string => `${x.toFixed(3)} %`;
const results: (SimulationResult & { player?: string; ceilingRtp?: number; belowCeiling?: boolean })[] = [];
console.log(`Simulating ${rounds.toLocaleString('en-US')} rounds per game, seed ${seed}`);
console.log(
  [
    'game'.padEnd(20),
    'rounds'.padStart(10),
    'measured'.padStart(11),
    '99 % interval'.padStart(25),
    'declared'.padStart(11),
    '',
    'seconds',
  ].join(' '),
);
const printRow = (label: string, result: SimulationResult, verdict: string): void =>
  console.log(
    [
      label.padEnd(20),
      String(result.rounds).padStart(10),
      percent(result.measuredRtp).padStart(11),
      `${percent(result.interval99[0])} .. ${percent(result.interval99[1])}`.padStart(25),
      percent(result.declaredRtp).padStart(11),
      verdict,
      (result.elapsedMs / 1000).toFixed(1),
    ].join(' '),
  );
for (const gameId of gameIds) {
  const result = simulateGame(gameId, SIMULATIONS[gameId], rounds, seed);
  results.push(result);
  printRow(gameId, result, result.inside ? 'inside ' : 'OUTSIDE');
}
// Skill games: the strongest player we built, whose upper bound must stay below the ceiling.
for (const gameId of gameIds) {
  const expert = EXPERT_SIMULATIONS[gameId];
  if (!expert) continue;
  const n = expertRounds ?? Math.min(rounds, expert.defaultRounds);
  const result = simulateGame(gameId, expert, n, seed);
  const belowCeiling = result.interval99[1] < expert.ceilingRtp;
  results.push({ ...result, player: expert.player, ceilingRtp: expert.ceilingRtp, belowCeiling });
  printRow(`${gameId} (${expert.player})`, result, belowCeiling ? 'inside ' : 'CEILING');
  console.log(
    `  ${gameId}: between ${percent(declaredOf(gameId))} (a casual player) and ${percent(result.measuredRtp)} (an expert); ` +
      `the expert's upper bound ${percent(result.interval99[1])} ${belowCeiling ? 'is below' : 'REACHES'} ${expert.ceilingRtp} %`,
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
if (results.some((r) => !r.inside || r.belowCeiling === false)) process.exitCode = 1;

/** The declared RTP of a game's house strategy (the casual end of a skill game's range). */
function declaredOf(gameId: string): number {
  return (SIMULATIONS[gameId] as { declaredRtp: number }).declaredRtp;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
