/** The W-9 form rules of spec section 5, shared by the app's forms and the server. */
import { describe, expect, it } from 'vitest';
import { ssnLastFourError, TAX_TEXTS, w9FormErrors, w9InfoErrors, zipCodeError } from './tax.ts';

const SSN_REQUIRED = 'Please enter the last four (4) digits of your SSN';
const SSN_EXACTLY_FOUR = 'Please enter exactly four (4) digits';

describe('W-9 form rules', () => {
  it('uses the spec messages word for word', () => {
    expect(TAX_TEXTS.ssnLastFourRequired).toBe(SSN_REQUIRED);
    expect(TAX_TEXTS.ssnLastFourExactlyFour).toBe(SSN_EXACTLY_FOUR);
  });

  it('last four: required, then exactly four ASCII digits', () => {
    expect(ssnLastFourError('')).toBe(SSN_REQUIRED);
    expect(ssnLastFourError(undefined)).toBe(SSN_REQUIRED);
    expect(ssnLastFourError(null)).toBe(SSN_REQUIRED);
    for (const bad of ['1', '123', '12345', '12 4', 'abcd', '12-4', '١٢٣٤', '1234\n'])
      expect(ssnLastFourError(bad), bad).toBe(SSN_EXACTLY_FOUR);
    expect(ssnLastFourError('0000')).toBeNull();
    expect(ssnLastFourError('4821')).toBeNull();
  });

  it('ZIP code: required, at most 5 digits, and 5 to be a real ZIP', () => {
    expect(zipCodeError('')).toBe(TAX_TEXTS.zipCodeRequired);
    for (const bad of ['1', '6060', '606060', '6060a', '60606-1234', ' 60606'])
      expect(zipCodeError(bad), bad).toBe(TAX_TEXTS.zipCodeFiveDigits);
    expect(zipCodeError('60606')).toBeNull();
    expect(zipCodeError('00501')).toBeNull();
  });

  it('the info dialog may be submitted only when both fields are valid', () => {
    expect(w9InfoErrors({ zipCode: '', ssnLastFour: '' })).toEqual({
      zipCode: TAX_TEXTS.zipCodeRequired,
      ssnLastFour: SSN_REQUIRED,
    });
    expect(w9InfoErrors({ zipCode: '60606', ssnLastFour: '482' })).toEqual({ ssnLastFour: SSN_EXACTLY_FOUR });
    expect(w9InfoErrors({ zipCode: '6060', ssnLastFour: '4821' })).toEqual({
      zipCode: TAX_TEXTS.zipCodeFiveDigits,
    });
    expect(w9InfoErrors({ zipCode: '60606', ssnLastFour: '4821' })).toEqual({});
  });

  it('the W-9 form checks every field and passes a complete one', () => {
    const good = {
      legal_name: "Mary-Jane O'Neil Jr.",
      address_line_1: '233 S. Wacker Dr., #4/B',
      address_line_2: '',
      city: 'St. Louis',
      state_or_province: 'MO',
      zip_code: '63101',
      ssn_last_four: '4821',
      certified: true,
    };
    expect(w9FormErrors(good)).toEqual({});
    expect(w9FormErrors({ ...good, address_line_2: undefined })).toEqual({});
    expect(w9FormErrors({ ...good, certified: false })).toEqual({
      certified: TAX_TEXTS.certificationRequired,
    });
    expect(w9FormErrors({ ...good, state_or_province: 'mo' })).toEqual({
      state_or_province: TAX_TEXTS.stateInvalid,
    });
    expect(w9FormErrors({ ...good, state_or_province: 'hasOwnProperty' })).toEqual({
      state_or_province: TAX_TEXTS.stateInvalid,
    });
    expect(Object.keys(w9FormErrors({}))).toEqual([
      'legal_name',
      'address_line_1',
      'city',
      'state_or_province',
      'zip_code',
      'ssn_last_four',
      'certified',
    ]);
  });
});
