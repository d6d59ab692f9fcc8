import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  EMPTY_ADDRESS,
  isSubmitDisabled,
  prohibitedMessage,
  sanitizeState,
  sanitizeZip,
  validateAddress,
  type AddressFormValues,
} from './address-form-rules.ts';

const PROHIBITED = ['CT', 'ID', 'MI', 'MT', 'NV', 'NJ', 'NY', 'WA'];
const good: AddressFormValues = {
  streetAddress1: '233 S Wacker Dr.',
  streetAddress2: 'Suite 4400',
  city: 'Chicago',
  stateOrProvince: 'IL',
  billingZipCode: '60606',
};

describe('address form rules (spec section 5)', () => {
  it('accepts a complete Illinois address', () => {
    expect(validateAddress(good)).toEqual({});
    expect(isSubmitDisabled(good, PROHIBITED, false)).toBe(false);
  });

  it('gives every required-field message on an empty form', () => {
    expect(validateAddress(EMPTY_ADDRESS)).toEqual({
      streetAddress1: 'Please enter a street address',
      city: 'Please enter a city',
      stateOrProvince: 'Please enter a state',
      billingZipCode: ADDRESS_MESSAGES.zipRequired,
    });
    expect(isSubmitDisabled(EMPTY_ADDRESS, PROHIBITED, false)).toBe(true);
  });

  it('refuses special characters in both street lines; line 2 is optional', () => {
    const msg = 'Special characters are not allowed. Please use only alphanumeric characters.';
    expect(validateAddress({ ...good, streetAddress1: '12 Main St #4' }).streetAddress1).toBe(msg);
    expect(validateAddress({ ...good, streetAddress2: 'Apt, 4' }).streetAddress2).toBe(msg);
    expect(validateAddress({ ...good, streetAddress2: '' }).streetAddress2).toBeUndefined();
  });

  it('requires a valid two-letter state abbreviation', () => {
    expect(validateAddress({ ...good, stateOrProvince: 'ZZ' }).stateOrProvince).toBe(
      'Please select a valid state',
    );
    expect(validateAddress({ ...good, stateOrProvince: 'I' }).stateOrProvince).toBe(
      'Please select a valid state',
    );
    // lower case is judged as the upper-cased value it becomes 500 ms later
    expect(validateAddress({ ...good, stateOrProvince: 'il' }).stateOrProvince).toBeUndefined();
  });

  it('keeps the state to two letters and the ZIP to five digits', () => {
    expect(sanitizeState('i1ll')).toBe('il');
    expect(sanitizeZip('60601-1234')).toBe('60601');
    expect(sanitizeZip('6a0b6')).toBe('606');
    expect(validateAddress({ ...good, billingZipCode: '606' }).billingZipCode).toBe(
      ADDRESS_MESSAGES.zipInvalid,
    );
  });

  it('says when the ZIP code is in another state', () => {
    expect(validateAddress({ ...good, billingZipCode: '90210' }).billingZipCode).toBe(
      ADDRESS_MESSAGES.zipStateMismatch,
    );
  });

  it('names a prohibited state (from the state or the ZIP) and disables submit', () => {
    const ny = { ...good, stateOrProvince: 'NY', billingZipCode: '10001' };
    expect(prohibitedMessage(ny, PROHIBITED)).toBe(
      'At the current time we do not allow participation from the state of New York',
    );
    expect(isSubmitDisabled(ny, PROHIBITED, false)).toBe(true);
    const zipOnly = { ...good, stateOrProvince: '', billingZipCode: '89101' };
    expect(prohibitedMessage(zipOnly, PROHIBITED)).toBe(
      'At the current time we do not allow participation from the state of Nevada',
    );
    expect(prohibitedMessage(good, PROHIBITED)).toBeNull();
  });

  it('disables submit while an update is pending', () => {
    expect(isSubmitDisabled(good, PROHIBITED, true)).toBe(true);
  });
});
