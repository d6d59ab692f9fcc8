import { describe, expect, it } from 'vitest';
import {
  checkZip,
  firstErrorField,
  JOIN_MESSAGES,
  validateJoinForm,
  type JoinFormValues,
} from './join-form-validation.ts';

// Noon UTC on 2026-06-15 is 02:00 in Hawaii the same day, so the calendar day is June 15 everywhere in the US.
const NOW = new Date('2026-06-15T12:00:00Z');

const valid: JoinFormValues = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password1: 'Analytical#Engine1',
  password2: 'Analytical#Engine1',
  postal_code: '60601',
  birth_month: '5',
  birth_day: '15',
  birth_year: '1990',
  promo_code: '',
  terms: true,
};

const check = (patch: Partial<JoinFormValues>) => validateJoinForm({ ...valid, ...patch }, NOW);

describe('validateJoinForm', () => {
  it('accepts a complete, eligible form', () => {
    expect(check({})).toEqual({});
  });

  it('requires every field with its own message', () => {
    const errors = validateJoinForm(
      {
        first_name: '',
        last_name: '',
        email: '',
        password1: '',
        password2: '',
        postal_code: '',
        birth_month: '',
        birth_day: '',
        birth_year: '',
        promo_code: '',
        terms: false,
      },
      NOW,
    );
    expect(errors).toEqual({
      first_name: JOIN_MESSAGES.firstNameRequired,
      last_name: JOIN_MESSAGES.lastNameRequired,
      email: JOIN_MESSAGES.emailRequired,
      password1: JOIN_MESSAGES.passwordRequired,
      password2: JOIN_MESSAGES.confirmRequired,
      postal_code: JOIN_MESSAGES.zipRequired,
      birth_date: 'Please enter a valid date of birth.',
      terms:
        'Please read the full Terms & Conditions by scrolling to the end and accept by clicking the checkbox.',
    });
    expect(firstErrorField(errors)).toBe('first_name');
  });

  it('checks name characters like the server', () => {
    expect(check({ first_name: 'Mary-Jane' })).toEqual({});
    expect(check({ last_name: "O'Brien" })).toEqual({});
    expect(check({ first_name: 'R2D2' }).first_name).toBe(JOIN_MESSAGES.firstNameInvalid);
    expect(check({ last_name: '-Smith' }).last_name).toBe(JOIN_MESSAGES.lastNameInvalid);
  });

  it('checks the email format', () => {
    expect(check({ email: 'ada@example' }).email).toBe('Please enter a valid email address.');
    expect(check({ email: 'not an email' }).email).toBe('Please enter a valid email address.');
  });

  it('applies the shared password policy and the confirmation', () => {
    expect(check({ password1: 'short', password2: 'short' }).password1).toBe(
      'Password must be at least 10 characters.',
    );
    expect(check({ password1: 'Lovelace#2024x', password2: 'Lovelace#2024x' }).password1).toBe(
      'Password must not contain your email address or your name.',
    );
    expect(check({ password2: 'Analytical#Engine2' }).password2).toBe('The passwords do not match.');
  });

  it('needs a 5-digit US ZIP code', () => {
    expect(check({ postal_code: '6060' }).postal_code).toBe('Please enter a valid 5-digit US ZIP code.');
    expect(check({ postal_code: '00000' }).postal_code).toBe('Please enter a valid 5-digit US ZIP code.');
  });

  it('refuses excluded states with the spec message', () => {
    expect(check({ postal_code: '10001' }).postal_code).toBe(
      'At the current time we do not allow participation from the state of NY',
    );
    expect(check({ postal_code: '98101' }).postal_code).toBe(
      'At the current time we do not allow participation from the state of WA',
    );
    expect(check({ postal_code: '00901' }).postal_code).toMatch(
      /^At the current time we do not allow participation from Puerto Rico/,
    );
  });

  it('rejects impossible and future dates of birth', () => {
    expect(check({ birth_month: '2', birth_day: '30' }).birth_date).toBe(
      'Please enter a valid date of birth.',
    );
    expect(check({ birth_year: '2027' }).birth_date).toBe('Please enter a valid date of birth.');
    expect(check({ birth_day: '' }).birth_date).toBe('Please enter a valid date of birth.');
  });

  it('needs age 18, or the state age of majority', () => {
    // Turns 18 tomorrow: refused; turned 18 today: accepted.
    expect(check({ birth_year: '2008', birth_month: '6', birth_day: '16' }).birth_date).toBe(
      'You must be at least 18 years old to join.',
    );
    expect(check({ birth_year: '2008', birth_month: '6', birth_day: '15' }).birth_date).toBeUndefined();
    // Mississippi (21) and Alabama (19).
    expect(check({ postal_code: '39201', birth_year: '2006' }).birth_date).toBe(
      'You must be at least 21 years old to join.',
    );
    expect(check({ postal_code: '35203', birth_year: '2007', birth_month: '7' }).birth_date).toBe(
      'You must be at least 19 years old to join.',
    );
    expect(check({ postal_code: '35203', birth_year: '2007', birth_month: '6' }).birth_date).toBeUndefined();
  });

  it('checks the optional promo code only when given', () => {
    expect(check({ promo_code: 'FREECOINS' })).toEqual({});
    expect(check({ promo_code: 'free coins!' }).promo_code).toBe(JOIN_MESSAGES.promoInvalid);
  });

  it('requires the terms checkbox', () => {
    expect(check({ terms: false }).terms).toBe(
      'Please read the full Terms & Conditions by scrolling to the end and accept by clicking the checkbox.',
    );
  });
});

describe('checkZip', () => {
  it('names the detected state', () => {
    expect(checkZip('60601')).toEqual({ kind: 'ok', state: 'IL' });
    expect(checkZip('10001')).toEqual({ kind: 'excluded', state: 'NY' });
    expect(checkZip('606')).toEqual({ kind: 'incomplete' });
    expect(checkZip(' ')).toEqual({ kind: 'empty' });
  });
});
