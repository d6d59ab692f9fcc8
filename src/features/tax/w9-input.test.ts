import { describe, expect, it } from 'vitest';
import { digitsOnly, stateCode } from './w9-input.ts';

describe('W-9 input clean-up', () => {
  it('keeps digits only, up to the field length', () => {
    expect(digitsOnly('12-34', 4)).toBe('1234');
    expect(digitsOnly('123456', 4)).toBe('1234');
    expect(digitsOnly('606 06-1234', 5)).toBe('60606');
    expect(digitsOnly('abc', 4)).toBe('');
  });

  it('upper-cases a state code to two letters', () => {
    expect(stateCode('il')).toBe('IL');
    expect(stateCode('I1l')).toBe('IL');
    expect(stateCode('Illinois')).toBe('IL');
  });
});
