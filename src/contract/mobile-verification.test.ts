import { describe, expect, it } from 'vitest';
import {
  formatUsPhone,
  maskedPhone,
  MOBILE_VERIFICATION_ERROR_CODES as CODES,
  mobileErrorKind,
  PHONE_FORMATTED_LENGTH,
  usMobileDigits,
} from './mobile-verification.ts';

describe('usMobileDigits', () => {
  it.each([
    ['(312) 555-0100', '3125550100'],
    ['3125550100', '3125550100'],
    ['312-555-0100', '3125550100'],
    ['312.555.0100', '3125550100'],
    [' +1 (312) 555-0100 ', '3125550100'],
    ['13125550100', '3125550100'],
  ])('%s -> %s', (input, digits) => expect(usMobileDigits(input)).toBe(digits));

  it.each([
    '',
    '555-0100',
    '(123) 456-7890', // area code starting with 1
    '(312) 055-0100', // exchange starting with 0
    '23125550100', // 11 digits not starting with 1
    '312555010a',
    '٣١٢٥٥٥٠١٠٠',
    '3125550100'.repeat(4),
    '312\u00005550100',
  ])('refuses %j', (input) => expect(usMobileDigits(input)).toBeNull());
});

describe('formatUsPhone', () => {
  it('formats as far as the digits go', () => {
    expect(formatUsPhone('')).toBe('');
    expect(formatUsPhone('31')).toBe('(31');
    expect(formatUsPhone('31255')).toBe('(312) 55');
    expect(formatUsPhone('3125550100')).toBe('(312) 555-0100');
    expect(formatUsPhone('3125550100')).toHaveLength(PHONE_FORMATTED_LENGTH);
    expect(formatUsPhone('+1 312 555 0100')).toBe('(312) 555-0100');
    expect(formatUsPhone('312555010099')).toBe('(312) 555-0100');
  });

  it('masks all but the last two digits of the line number', () => {
    expect(maskedPhone('3125550123')).toBe('(312) 555-••23');
  });
});

describe('mobileErrorKind (spec section 8)', () => {
  it('groups the codes as the page shows them', () => {
    expect(mobileErrorKind(CODES.MOBILE_SAME_NUMBER)).toBe('same');
    expect(mobileErrorKind(CODES.MOBILE_DUPLICATE_NUMBER)).toBe('duplicate-number');
    expect(mobileErrorKind(CODES.MOBILE_CLOSED_ACCOUNT)).toBe('existing-account');
    expect(mobileErrorKind(CODES.MOBILE_DUPLICATE_ACCOUNT)).toBe('existing-account');
    expect(mobileErrorKind(CODES.MOBILE_WRONG_CODE)).toBe('verification');
    expect(mobileErrorKind(CODES.MOBILE_CODE_EXPIRED)).toBe('verification');
    expect(mobileErrorKind(CODES.MOBILE_TOO_MANY_CODES)).toBe('frequency');
    expect(mobileErrorKind('INTERNAL_ERROR')).toBe('unexpected');
    expect(mobileErrorKind(CODES.MOBILE_SMS_FAILED)).toBe('unexpected');
  });
});
