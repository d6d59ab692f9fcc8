/**
 * Billing address dialog rules (spec section 5), pure so every message is unit-tested.
 * Form names follow the spec's dialog form: streetAddress1, streetAddress2, city,
 * stateOrProvince, billingZipCode. The server (address PATCH) is the authority; these rules
 * only tell the player before submitting.
 */
import { POSTAL_CODE_MAX_LENGTH, STATE_CODE_LENGTH } from '../../../contract/constants.ts';
import { jurisdictionForZip, US_STATES_AND_DC } from '../../../contract/eligibility.ts';
import { PAYMENT_TEXTS } from '../../../contract/payments.ts';
import { stateName } from '../../../contract/us-state-names.ts';

export interface AddressFormValues {
  streetAddress1: string;
  streetAddress2: string;
  city: string;
  stateOrProvince: string;
  billingZipCode: string;
}

export type AddressField = keyof AddressFormValues;
export type AddressErrors = Partial<Record<AddressField, string>>;

export const ADDRESS_FIELD_ORDER: readonly AddressField[] = [
  'streetAddress1',
  'streetAddress2',
  'city',
  'stateOrProvince',
  'billingZipCode',
];

/** The texts are the payments contract's, so the dialog and the server say the same thing. */
export const ADDRESS_MESSAGES = {
  streetRequired: PAYMENT_TEXTS.streetRequired,
  specialCharacters: PAYMENT_TEXTS.specialCharacters,
  cityRequired: PAYMENT_TEXTS.cityRequired,
  stateRequired: PAYMENT_TEXTS.stateRequired,
  stateInvalid: PAYMENT_TEXTS.stateInvalid,
  zipRequired: PAYMENT_TEXTS.postalCodeRequired,
  zipInvalid: PAYMENT_TEXTS.postalCodeInvalid,
  zipStateMismatch: PAYMENT_TEXTS.postalCodeStateMismatch,
  prohibitedState: (state: string) => PAYMENT_TEXTS.prohibitedState.replace('{state}', state),
  /** Standard invalid-address message (spec section 8: address update failure). */
  invalidAddress: PAYMENT_TEXTS.invalidAddress,
} as const;

/**
 * Letters, digits and periods, per the spec; spaces separate words of an address so they are
 * allowed too ("123 Main St."). Anything else (#, commas, hyphens...) is a special character.
 */
const STREET_PATTERN = /^[A-Za-z0-9. ]*$/;
/** City names: letters, spaces, periods, apostrophes and hyphens (St. Mary's, Winston-Salem). */
const CITY_PATTERN = /^[A-Za-z][A-Za-z .'-]*$/;

export const EMPTY_ADDRESS: AddressFormValues = {
  streetAddress1: '',
  streetAddress2: '',
  city: '',
  stateOrProvince: '',
  billingZipCode: '',
};

/** The ZIP input keeps digits only, at most 5 (typing or pasting "60601-1234" keeps "60601"). */
export const sanitizeZip = (raw: string): string => raw.replace(/\D/g, '').slice(0, POSTAL_CODE_MAX_LENGTH);

/** The state input keeps letters only, at most 2; upper-casing happens 500 ms after typing. */
export const sanitizeState = (raw: string): string =>
  raw.replace(/[^A-Za-z]/g, '').slice(0, STATE_CODE_LENGTH);

export const upperCaseState = (raw: string): string => raw.toUpperCase();

export const isValidStateCode = (code: string): boolean =>
  (US_STATES_AND_DC as readonly string[]).includes(code.toUpperCase());

/**
 * The prohibited state the entered state or ZIP belongs to (its code), else null. `prohibited`
 * is the excluded states (no participation there); the operator's prohibited_states only takes
 * Sweeps away, so its states are taken with a Gold-only notice (src/contract/sweeps-eligibility.ts).
 */
export function prohibitedStateOf(
  v: Pick<AddressFormValues, 'stateOrProvince' | 'billingZipCode'>,
  prohibited: readonly string[],
): string | null {
  const list = prohibited.map((s) => s.toUpperCase());
  const state = v.stateOrProvince.trim().toUpperCase();
  if (state.length === STATE_CODE_LENGTH && list.includes(state)) return state;
  const zipPlace = /^\d{5}$/.test(v.billingZipCode) ? jurisdictionForZip(v.billingZipCode) : null;
  if (zipPlace && list.includes(zipPlace.code)) return zipPlace.code;
  return null;
}

/** The prohibited-state message (state by name), or null. Drives the disabled submit. */
export function prohibitedMessage(v: AddressFormValues, prohibited: readonly string[]): string | null {
  const code = prohibitedStateOf(v, prohibited);
  return code ? ADDRESS_MESSAGES.prohibitedState(stateName(code)) : null;
}

/** Every field problem, by field (empty: the form is valid). */
export function validateAddress(v: AddressFormValues): AddressErrors {
  const errors: AddressErrors = {};
  const street1 = v.streetAddress1.trim();
  if (!street1) errors.streetAddress1 = ADDRESS_MESSAGES.streetRequired;
  else if (!STREET_PATTERN.test(street1)) errors.streetAddress1 = ADDRESS_MESSAGES.specialCharacters;

  const street2 = v.streetAddress2.trim();
  if (street2 && !STREET_PATTERN.test(street2)) errors.streetAddress2 = ADDRESS_MESSAGES.specialCharacters;

  const city = v.city.trim();
  if (!city) errors.city = ADDRESS_MESSAGES.cityRequired;
  else if (!CITY_PATTERN.test(city)) errors.city = ADDRESS_MESSAGES.specialCharacters;

  const state = v.stateOrProvince.trim();
  if (!state) errors.stateOrProvince = ADDRESS_MESSAGES.stateRequired;
  else if (state.length !== STATE_CODE_LENGTH || !isValidStateCode(state))
    errors.stateOrProvince = ADDRESS_MESSAGES.stateInvalid;

  const zip = v.billingZipCode.trim();
  if (!zip) errors.billingZipCode = ADDRESS_MESSAGES.zipRequired;
  else if (!/^\d{5}$/.test(zip)) errors.billingZipCode = ADDRESS_MESSAGES.zipInvalid;
  else {
    const place = jurisdictionForZip(zip);
    if (!place) errors.billingZipCode = ADDRESS_MESSAGES.zipInvalid;
    else if (!errors.stateOrProvince && place.code !== state.toUpperCase())
      errors.billingZipCode = ADDRESS_MESSAGES.zipStateMismatch;
  }
  return errors;
}

/** Submit is disabled while the form is invalid, while the update is pending, or for a prohibited state. */
export function isSubmitDisabled(
  v: AddressFormValues,
  prohibited: readonly string[],
  pending: boolean,
): boolean {
  return pending || Object.keys(validateAddress(v)).length > 0 || prohibitedStateOf(v, prohibited) !== null;
}
