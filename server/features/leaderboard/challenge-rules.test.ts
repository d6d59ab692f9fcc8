/**
 * The weekly challenge's rules are written once (challengeRules, from the seeded challenge as the
 * API answers it) and repeated word for word in the Official Sweepstakes Rules; this test computes
 * them from the seeded data and finds each in the document, so a change of the prize table, the
 * games or the rates cannot leave the published rules behind.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  challengeRules,
  LEADERBOARD_API_PATHS,
  WEEKLY_CHALLENGE_ID,
  type LeaderboardAnswer,
} from '../../../src/contract/leaderboard.ts';
import { Client, createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { PRIZE_DESCRIPTION } from './week-close.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(() => ctx.close());

describe('the weekly challenge rules', () => {
  it('are published in the Official Sweepstakes Rules exactly as computed from the seeded challenge', async () => {
    const res = await new Client(ctx).request<LeaderboardAnswer>(
      'GET',
      LEADERBOARD_API_PATHS.leaderboard(WEEKLY_CHALLENGE_ID),
    );
    expect(res.status).toBe(200);
    const rules = challengeRules(res.body);
    const document = readFileSync(new URL('../legal/documents/sweeps-rules.md', import.meta.url), 'utf8');
    for (const rule of rules) expect(document).toContain(`- ${rule}\n`);
    expect(rules.join(' ')).toContain(
      '1st 500,000 Gold Coins + 50.00 Sweeps Coins; 2nd 250,000 Gold Coins + 25.00 Sweeps Coins; 3rd 100,000 Gold Coins + 10.00 Sweeps Coins; 4th to 10th 20,000 Gold Coins + 2.00 Sweeps Coins',
    );
    expect(rules.join(' ')).toContain(`"${PRIZE_DESCRIPTION}"`);
    expect(rules.join(' ')).toContain('Crown Jewels and Fruit Frenzy');
  });
});
