import { describe, expect, it } from 'vitest';
import {
  ageOfMajority,
  ageOn,
  isExcludedState,
  isPlausibleEmail,
  isValidBirthDate,
  jurisdictionForZip,
  normalizeEmail,
  passwordProblem,
  stateForZip,
  US_STATES_AND_DC,
  usCalendarToday,
} from './eligibility.ts';

describe('stateForZip', () => {
  it.each([
    ['10001', 'NY'],
    ['14999', 'NY'],
    ['00501', 'NY'],
    ['06001', 'CT'],
    ['06999', 'CT'],
    ['07001', 'NJ'],
    ['08999', 'NJ'],
    ['60601', 'IL'],
    ['35004', 'AL'],
    ['36925', 'AL'],
    ['38601', 'MS'],
    ['39776', 'MS'],
    ['68001', 'NE'],
    ['69367', 'NE'],
    ['83201', 'ID'],
    ['83877', 'ID'],
    ['59001', 'MT'],
    ['88901', 'NV'],
    ['89501', 'NV'],
    ['98001', 'WA'],
    ['99403', 'WA'],
    ['48001', 'MI'],
    ['49971', 'MI'],
    ['20001', 'DC'],
    ['20101', 'VA'],
    ['73301', 'TX'],
    ['79936', 'TX'],
    ['88510', 'TX'],
    ['99501', 'AK'],
    ['96813', 'HI'],
    ['90210', 'CA'],
    ['02108', 'MA'],
    ['05501', 'MA'],
    ['05401', 'VT'],
    ['19901', 'DE'],
    ['82001', 'WY'],
    ['36904', 'AL'],
    ['83814', 'ID'],
    ['38671', 'MS'],
    ['41011', 'KY'],
    ['47130', 'IN'],
    ['49120', 'MI'],
    ['53818', 'WI'],
    ['62002', 'IL'],
    ['73942', 'OK'],
    ['86505', 'AZ'],
    ['96161', 'CA'],
    ['98660', 'WA'],
    ['03766', 'NH'],
    ['03904', 'ME'],
    ['29730', 'SC'],
    ['30720', 'GA'],
    ['26757', 'WV'],
    ['24605', 'VA'],
    ['77001', 'TX'],
  ])('%s -> %s', (zip, state) => {
    expect(stateForZip(zip)).toBe(state);
  });

  it('covers all 50 states and DC', () => {
    const found = new Set<string>();
    for (let p = 0; p < 1000; p++) {
      const s = stateForZip(`${String(p).padStart(3, '0')}01`);
      if (s) found.add(s);
    }
    expect([...found].sort()).toEqual([...US_STATES_AND_DC].sort());
  });

  it.each([
    '',
    '1234',
    '123456',
    '6060a',
    ' 60601',
    '60601-1234',
    '00001',
    '00401',
    '21301',
    '26901',
    '41901',
    '51701',
  ])('rejects %j (malformed or unassigned)', (zip) => {
    expect(stateForZip(zip)).toBeNull();
  });

  it('answers null for territories and military mail but says what they are', () => {
    for (const zip of ['00601', '00725', '00901', '00802', '96910', '96799', '09001', '34001', '96201']) {
      expect(stateForZip(zip)).toBeNull();
      expect(jurisdictionForZip(zip)?.kind).toMatch(/territory|military/);
    }
    expect(jurisdictionForZip('00901')).toEqual({ code: 'PR', kind: 'territory' });
    expect(jurisdictionForZip('96799')).toEqual({ code: 'AS', kind: 'territory' });
    expect(jurisdictionForZip('60601')).toEqual({ code: 'IL', kind: 'state' });
  });
});

describe('age rules', () => {
  it('age of majority by state', () => {
    expect(ageOfMajority('AL')).toBe(19);
    expect(ageOfMajority('NE')).toBe(19);
    expect(ageOfMajority('MS')).toBe(21);
    expect(ageOfMajority('ms')).toBe(21);
    expect(ageOfMajority('IL')).toBe(18);
  });

  it('counts whole years on the calendar day', () => {
    const today = new Date(Date.UTC(2026, 4, 15));
    expect(ageOn({ year: 2008, month: 5, day: 15 }, today)).toBe(18);
    expect(ageOn({ year: 2008, month: 5, day: 16 }, today)).toBe(17);
    expect(ageOn({ year: 2008, month: 6, day: 1 }, today)).toBe(17);
    expect(ageOn({ year: 2008, month: 4, day: 30 }, today)).toBe(18);
    expect(ageOn({ year: 2030, month: 1, day: 1 }, today)).toBeLessThan(0);
  });

  it('a Feb 29 birthday counts from Mar 1 in a common year', () => {
    expect(ageOn({ year: 2008, month: 2, day: 29 }, new Date(Date.UTC(2026, 1, 28)))).toBe(17);
    expect(ageOn({ year: 2008, month: 2, day: 29 }, new Date(Date.UTC(2026, 2, 1)))).toBe(18);
  });

  it('usCalendarToday reads the date in Hawaii', () => {
    // 05:00 UTC on May 16 is still May 15 in Hawaii.
    const d = usCalendarToday(new Date(Date.UTC(2026, 4, 16, 5)));
    expect(d.getUTCDate()).toBe(15);
  });

  it('validates calendar dates', () => {
    expect(isValidBirthDate(1990, 5, 15)).toBe(true);
    expect(isValidBirthDate(2000, 2, 29)).toBe(true);
    expect(isValidBirthDate(1900, 2, 29)).toBe(false);
    expect(isValidBirthDate(2023, 2, 29)).toBe(false);
    expect(isValidBirthDate(1990, 4, 31)).toBe(false);
    expect(isValidBirthDate(1990, 13, 1)).toBe(false);
    expect(isValidBirthDate(1990, 0, 1)).toBe(false);
    expect(isValidBirthDate(1990, 1, 0)).toBe(false);
    expect(isValidBirthDate(1899, 12, 31)).toBe(false);
    expect(isValidBirthDate(1990.5, 1, 1)).toBe(false);
  });
});

describe('excluded states', () => {
  it('refuses exactly the listed states', () => {
    for (const s of ['CT', 'ID', 'MI', 'MT', 'NV', 'NJ', 'NY', 'WA', 'ny'])
      expect(isExcludedState(s)).toBe(true);
    for (const s of ['IL', 'CA', 'TX', 'DC', 'AL']) expect(isExcludedState(s)).toBe(false);
  });
});

describe('passwordProblem', () => {
  const ctx = { email: 'jane.doe@example.com', first_name: 'Jane', last_name: 'Doe-Smith' };
  it('accepts sound passwords', () => {
    expect(passwordProblem('Tr0ub4dor&3x', ctx)).toBeNull();
    expect(passwordProblem('correct horse battery staple', ctx)).toBeNull();
    expect(passwordProblem('Velvet-Harbor-42', ctx)).toBeNull();
  });
  it.each([
    ['short', 'Ab1!xyz', /at least 10/],
    ['too long', `Ab1!${'x'.repeat(130)}`, /at most 128/],
    ['repeated', 'aaaaaaaaaaaA1!', /repeated/],
    ['few distinct', 'abababababab', /repeated/],
    ['common', 'Password123!', /too common/],
    ['email local part', 'JaneDoe!2026x', /email address or your name/],
    ['first name', 'xJANE#2026kq', /email address or your name/],
    ['last name without punctuation', 'doesmith#2026Q', /email address or your name/],
    ['two classes only', 'lowercaseonly12', /three of/],
  ])('refuses %s', (_label, pw, re) => {
    expect(passwordProblem(pw, ctx)).toMatch(re);
  });
});

describe('email', () => {
  it('normalises case and spaces', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });
  it('checks plausibility', () => {
    expect(isPlausibleEmail('a@b.co')).toBe(true);
    expect(isPlausibleEmail('a@b')).toBe(false);
    expect(isPlausibleEmail('a b@c.com')).toBe(false);
    expect(isPlausibleEmail('@c.com')).toBe(false);
  });
});
