/**
 * docs/fairness.md stays true: its worked test vector (commitment, floats, the video poker
 * shuffle, the unlimited-deck cards) is read from the page and compared with the engine's own
 * output, and its Python snippet is run as printed, with python3, and must print the same
 * commitment and cards as the engine. Without python3 on the machine that one test is skipped,
 * saying so; CI and the development machines have it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Floats = (index: number) => number;
/** What the test uses of games/engines (cards.ts, fair-random.ts). */
interface Engine {
  FRESH_DECK: readonly string[];
  fairFloats: (serverSeedHex: string, clientSeed: string, nonce: number) => Floats;
  serverSeedHash: (serverSeedHex: string) => string;
  shuffleFront: <T>(items: readonly T[], floats: Floats, start: number, count?: number) => T[];
}
const root = join(import.meta.dirname, '..');
// The engine's own modules, imported by path: this Node-typed project does not type-check the
// games' sources (they belong to the app's project), so their shape is stated above.
const engineModule = (file: string): Promise<Partial<Engine>> =>
  import(/* @vite-ignore */ join(root, 'games', 'engines', file)) as Promise<Partial<Engine>>;
const { FRESH_DECK, fairFloats, serverSeedHash, shuffleFront } = {
  ...(await engineModule('cards.ts')),
  ...(await engineModule('fair-random.ts')),
} as Engine;

const PAGE = readFileSync(join(root, 'docs', 'fairness.md'), 'utf8');

/** The page's "Worked test vector" section, up to the next heading. */
function section(title: string): string {
  const start = PAGE.indexOf(`## ${title}`);
  if (start < 0) throw new Error(`docs/fairness.md has no "## ${title}" section`);
  const end = PAGE.indexOf('\n## ', start + 3);
  return PAGE.slice(start, end < 0 ? undefined : end);
}

function match(text: string, re: RegExp, what: string): RegExpMatchArray {
  const m = text.match(re);
  if (!m) throw new Error(`docs/fairness.md: the worked example's ${what} was not found (${re})`);
  return m;
}

const vector = section('Worked test vector');
const [, SEED = '', CLIENT_SEED = '', NONCE = ''] = match(
  vector,
  /Server seed `([0-9a-f]{64})`, client seed\s+`([^`]+)`, nonce `(\d+)`/,
  'seeds and nonce',
);
const floats = () => fairFloats(SEED, CLIENT_SEED, Number(NONCE));
/** The first `n` cards of the engine's front shuffle of the fresh deck, `n` steps. */
const engineShuffle = (n: number): string[] => shuffleFront(FRESH_DECK, floats(), 0, n).slice(0, n);

describe('docs/fairness.md, the worked test vector', () => {
  it('gives the commitment the engine computes', () => {
    const [, commitment] = match(
      vector,
      /commitment \(SHA-256 of the seed bytes\): `([0-9a-f]{64})`/,
      'commitment',
    );
    expect(commitment).toBe(serverSeedHash(SEED));
  });

  it('gives the floats the engine computes (12 decimals)', () => {
    const [, list = ''] = match(vector, /floats 0–8: ([\d.,\s]+?)\s*\(float 8/, 'floats');
    const written = list.split(',').map((f) => f.trim());
    expect(written).toHaveLength(9);
    const stream = floats();
    expect(written).toEqual(written.map((_, i) => stream(i).toFixed(12)));
  });

  it('gives the video poker shuffle and the unlimited-deck cards the engine deals', () => {
    const [, shuffle = ''] = match(vector, /10-step shuffle \(video poker\): `([^`]+)`/, '10-step shuffle');
    expect(shuffle.replace('|', ' ').split(/\s+/).filter(Boolean)).toEqual(engineShuffle(10));
    const [, unlimited = ''] = match(
      vector,
      /unlimited deck \(blackjack, `[^`]*`\): `([^`]+)`/,
      'unlimited-deck cards',
    );
    const stream = floats();
    const cards = unlimited.split(/\s+/).filter(Boolean);
    expect(cards).toEqual(cards.map((_, i) => FRESH_DECK[Math.floor(stream(i) * 52)]));
  });
});

describe('docs/fairness.md, the Python snippet', () => {
  const [, snippet = ''] = match(
    section('Verify a round yourself (Python, no packages)'),
    /```python\n([\s\S]*?)```/,
    'snippet',
  );
  const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
  const hasPython = !python.error && python.status === 0;

  it('prints, run with python3, the commitment and the shuffle the engine computes', (ctx) => {
    if (!hasPython)
      ctx.skip('python3 is not installed on this machine: the snippet of docs/fairness.md was not run');
    // The snippet uses the worked example's seeds: the page's two examples agree with each other.
    expect(snippet).toContain(SEED);
    expect(snippet).toContain(`"${CLIENT_SEED}", ${NONCE}`);
    const run = spawnSync('python3', ['-'], { input: snippet, encoding: 'utf8', timeout: 20_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toEqual([
      serverSeedHash(SEED),
      `[${engineShuffle(10)
        .map((c) => `'${c}'`)
        .join(', ')}]`,
    ]);
  });
});
