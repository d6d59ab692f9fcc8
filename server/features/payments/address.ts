/**
 * Billing address rules (the address PATCH is in address-routes.ts, its request rules in
 * address-requests.ts), needed before paying. Rules of spec section 5:
 * street (and optional line 2) letters, digits, periods and spaces; city required; a valid
 * two-letter state; a 5-digit ZIP; the state and the ZIP's state must not be an excluded state
 * (prohibitedStates below): 'At the current time we do not allow participation from
 * the state of {state}'. The ZIP must belong to the state given (what an address check at the
 * card processor would refuse anyway). Identity keys (person / household) stay those of sign-up.
 */
import { jurisdictionForZip, US_STATES_AND_DC } from '../../../src/contract/eligibility.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import {
  ADDRESS_LINE_PATTERN,
  PAYMENT_TEXTS,
  type AddressUpdateRequest,
} from '../../../src/contract/payments.ts';
import { EXCLUDED_STATES } from '../../../src/contract/constants.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';

const invalid = (field: string, message: string) =>
  new ApiError(400, ERROR_CODES.VALIDATION_ERROR, message, field);

/**
 * The states whose residents may not take part at all, which the billing address and purchases
 * refuse: the excluded states (EXCLUDED_STATES, spec section 9), whatever the operator sets. The
 * operator's `prohibited_states` property takes Sweeps away (server/core/sweeps-eligibility.ts):
 * its residents keep a billing address there and buy and play Gold (zero-Sweeps packages).
 */
export function prohibitedStates(_db?: Queryable): Promise<string[]> {
  return Promise.resolve([...EXCLUDED_STATES]);
}

export const prohibitedStateError = (state: string, field: string): ApiError =>
  new ApiError(
    400,
    ERROR_CODES.EXCLUDED_STATE,
    PAYMENT_TEXTS.prohibitedState.replace('{state}', state),
    field,
    { state },
  );

export interface CheckedAddress {
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  state_or_province: string;
  postal_code: string;
}

/** Validates an address in the form's order; the first problem answers. */
export function checkAddress(body: AddressUpdateRequest, prohibited: readonly string[]): CheckedAddress {
  const line1 = body.address_line_1.trim().replace(/\s+/g, ' ');
  if (!line1) throw invalid('address_line_1', PAYMENT_TEXTS.streetRequired);
  if (!ADDRESS_LINE_PATTERN.test(line1)) throw invalid('address_line_1', PAYMENT_TEXTS.specialCharacters);
  const line2 = (body.address_line_2 ?? '').trim().replace(/\s+/g, ' ');
  if (line2 && !ADDRESS_LINE_PATTERN.test(line2))
    throw invalid('address_line_2', PAYMENT_TEXTS.specialCharacters);
  const city = body.city.trim().replace(/\s+/g, ' ');
  if (!city) throw invalid('city', PAYMENT_TEXTS.cityRequired);
  if (!/^[\p{L}][\p{L}\p{M} .'-]*$/u.test(city)) throw invalid('city', PAYMENT_TEXTS.specialCharacters);
  const state = body.state_or_province.trim().toUpperCase();
  if (!state) throw invalid('state_or_province', PAYMENT_TEXTS.stateRequired);
  if (!(US_STATES_AND_DC as readonly string[]).includes(state))
    throw invalid('state_or_province', PAYMENT_TEXTS.stateInvalid);
  if (prohibited.includes(state)) throw prohibitedStateError(state, 'state_or_province');
  const zip = body.postal_code.trim();
  if (!zip) throw invalid('postal_code', PAYMENT_TEXTS.postalCodeRequired);
  const place = /^\d{5}$/.test(zip) ? jurisdictionForZip(zip) : null;
  if (!place)
    throw new ApiError(400, ERROR_CODES.INVALID_POSTAL_CODE, PAYMENT_TEXTS.postalCodeInvalid, 'postal_code');
  if (prohibited.includes(place.code)) throw prohibitedStateError(place.code, 'postal_code');
  if (place.code !== state)
    throw new ApiError(
      400,
      ERROR_CODES.INVALID_POSTAL_CODE,
      PAYMENT_TEXTS.postalCodeStateMismatch,
      'postal_code',
      {
        zip_state: place.code,
      },
    );
  return {
    address_line_1: line1,
    address_line_2: line2 || null,
    city,
    state_or_province: state,
    postal_code: zip,
  };
}

/** A billing address is on file when street, city, state and ZIP are all present. */
export const hasBillingAddress = (u: { address_line_1: string | null; city: string | null }): boolean =>
  !!u.address_line_1 && !!u.city;
