/**
 * The referral rules players read (Official Sweepstakes Rules, docs/referrals.md, the refer-a-friend
 * page) state the amounts and the cap the server applies, computed here from the contract.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFERRAL_MONTHLY_CAP, REFERRAL_REWARD, referralRuleLines } from '../../../src/contract/referrals.ts';
import { easternMonthOf, mailboxKey, relationBetween, type ReferralParty } from './referral-rewards.ts';

const share = (s: { goldCoins: number; sweepsCents: number }) =>
  `${s.goldCoins.toLocaleString('en-US')} Gold Coins and ${(s.sweepsCents / 100).toFixed(2)} free Sweeps Coins`;

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('referral rules text', () => {
  it('the Official Sweepstakes Rules, the docs and the page state the contract amounts and cap', () => {
    const phrases = [
      `you receive ${share(REFERRAL_REWARD.referrer)}`,
      `your friend receives ${share(REFERRAL_REWARD.friend)}`,
      `Up to ${REFERRAL_MONTHLY_CAP} referrals`,
    ];
    const texts = {
      rules: read('../legal/documents/sweeps-rules.md'),
      docs: read('../../../docs/referrals.md'),
      page: referralRuleLines().join('\n'),
    };
    for (const [where, text] of Object.entries(texts))
      for (const phrase of phrases) expect(text, `${where}: ${phrase}`).toContain(phrase);
  });
});

describe('referral limits as functions', () => {
  it('one mailbox however the address is written', () => {
    expect(mailboxKey('Sam.Lee+promo@GMAIL.com')).toBe('samlee@gmail.com');
    expect(mailboxKey('sam.lee@googlemail.com')).toBe('samlee@gmail.com');
    // Dots matter outside Gmail.
    expect(mailboxKey('sam.lee@example.com')).not.toBe(mailboxKey('samlee@example.com'));
  });

  it('same person, same household, or unrelated', () => {
    const base: ReferralParty = {
      email: 'a@example.com',
      phone: null,
      person_key: 'alex|rivera|1985-03-14',
      household_key: '1 main st|60601',
    };
    const other: ReferralParty = {
      email: 'b@example.com',
      phone: null,
      person_key: 'jo|king|1990-01-01',
      household_key: '9 elm st|60602',
    };
    expect(relationBetween(base, other)).toBeNull();
    expect(relationBetween(base, { ...other, phone: '3125550100' })).toBeNull();
    expect(relationBetween({ ...base, phone: '3125550100' }, { ...other, phone: '3125550100' })).toBe(
      'same_person',
    );
    // A person marked as an older duplicate (migration 0033) is still that person.
    expect(relationBetween(base, { ...other, person_key: 'alex|rivera|1985-03-14|duplicate:x' })).toBe(
      'same_person',
    );
    expect(relationBetween(base, { ...other, household_key: '1 main st|60601' })).toBe('same_household');
    // No address yet on either side is no household in common.
    expect(relationBetween({ ...base, household_key: null }, { ...other, household_key: null })).toBeNull();
  });

  it('the month runs in Eastern Time', () => {
    // 11:59pm EST on Nov 30 is 04:59 UTC on Dec 1.
    expect(easternMonthOf(Date.parse('2026-12-01T04:59:59Z'))).toBe('2026-11');
    expect(easternMonthOf(Date.parse('2026-12-01T05:00:00Z'))).toBe('2026-12');
  });
});
