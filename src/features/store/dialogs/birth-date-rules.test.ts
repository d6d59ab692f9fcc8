import { describe, expect, it } from 'vitest';
import { birthDateError, BIRTH_DATE_MESSAGES } from './birth-date-rules.ts';

const now = new Date('2026-06-15T18:00:00Z');

describe('birth date rules (spec section 5)', () => {
  it('requires day, month and year', () => {
    expect(birthDateError({ birth_month: '', birth_day: '1', birth_year: '1990' }, now)).toBe(
      'Please enter a valid date of birth.',
    );
    expect(birthDateError({ birth_month: '1', birth_day: '', birth_year: '1990' }, now)).toBe(
      BIRTH_DATE_MESSAGES.invalid,
    );
    expect(birthDateError({ birth_month: '1', birth_day: '1', birth_year: '' }, now)).toBe(
      BIRTH_DATE_MESSAGES.invalid,
    );
  });

  it('refuses dates that do not exist', () => {
    expect(birthDateError({ birth_month: '2', birth_day: '30', birth_year: '1990' }, now)).toBe(
      BIRTH_DATE_MESSAGES.invalid,
    );
    expect(birthDateError({ birth_month: '2', birth_day: '29', birth_year: '2000' }, now)).toBeNull();
  });

  it('requires 18 years, or the state age of majority', () => {
    expect(birthDateError({ birth_month: '6', birth_day: '15', birth_year: '2008' }, now)).toBeNull();
    expect(birthDateError({ birth_month: '6', birth_day: '16', birth_year: '2008' }, now)).toBe(
      BIRTH_DATE_MESSAGES.underage(18),
    );
    expect(birthDateError({ birth_month: '6', birth_day: '15', birth_year: '2006' }, now, 'MS')).toBe(
      BIRTH_DATE_MESSAGES.underage(21),
    );
  });
});
