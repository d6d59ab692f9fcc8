import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const run = (args: string[]) =>
  spawnSync(tsx, ['scripts/games-rtp.ts', ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });

describe('npm run games:rtp', () => {
  let out: string | null = null;
  afterEach(() => {
    if (out) rmSync(out, { recursive: true, force: true });
    out = null;
  });

  it('prints the measured RTP, its 99 % interval and the declared figure, and writes the JSON', () => {
    out = mkdtempSync(join(tmpdir(), 'games-rtp-'));
    const result = run(['--game', 'lucky-scratch', '--rounds', '20000', '--seed', '7', '--out', out]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      /lucky-scratch\s+20000\s+[\d.]+ %\s+[\d.]+ % \.\. [\d.]+ %\s+95\.000 % inside/,
    );
    const [file] = readdirSync(out);
    expect(file).toMatch(/^games-rtp-.*\.json$/);
    const json = JSON.parse(readFileSync(join(out, file as string), 'utf8')) as {
      rounds: number;
      seed: number;
      results: {
        gameId: string;
        rounds: number;
        declaredRtp: number;
        inside: boolean;
        interval99: number[];
      }[];
    };
    expect(json).toMatchObject({ rounds: 20000, seed: 7 });
    expect(json.results).toHaveLength(1);
    expect(json.results[0]).toMatchObject({
      gameId: 'lucky-scratch',
      rounds: 20000,
      declaredRtp: 95,
      inside: true,
    });
    // The same seed gives the same figures.
    const again = run(['--game', 'lucky-scratch', '--rounds', '20000', '--seed', '7', '--out', out]);
    expect(again.stdout.split('\n')[2]?.slice(0, 60)).toBe(result.stdout.split('\n')[2]?.slice(0, 60));
  }, 120_000);

  it('refuses an unknown game and bad numbers with exit code 2', () => {
    expect(run(['--game', 'roulette']).status).toBe(2);
    expect(run(['--rounds', '1']).status).toBe(2);
    expect(run(['--seed', '-3']).status).toBe(2);
  }, 120_000);
});
