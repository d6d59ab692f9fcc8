import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits, phoneError, PHONE_MESSAGES } from './phone-format.ts';

describe('pay-by-bank phone (spec section 5)', () => {
  it('formats progressively as (xxx) xxx-xxxx', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('3')).toBe('(3');
    expect(formatPhone('312')).toBe('(312');
    expect(formatPhone('3125')).toBe('(312) 5');
    expect(formatPhone('312555')).toBe('(312) 555');
    expect(formatPhone('3125550147')).toBe('(312) 555-0147');
    expect(formatPhone('3125550147')).toHaveLength(14);
  });

  it('keeps digits only, at most 10', () => {
    expect(phoneDigits('(312) 555-0147 ext 9')).toBe('3125550147');
    expect(phoneDigits('abc')).toBe('');
    expect(formatPhone('312-555-01479999')).toBe('(312) 555-0147');
    expect(formatPhone('+1 312 555 0147')).toBe('(312) 555-0147');
  });

  it('is required and must be complete', () => {
    expect(phoneError('')).toBe(PHONE_MESSAGES.required);
    expect(phoneError('(312) 555-014')).toBe(PHONE_MESSAGES.invalid);
    expect(phoneError('(312) 555-0147')).toBeNull();
    expect(phoneError('(012) 555-0147')).toBe(PHONE_MESSAGES.invalid);
  });
});
