/**
 * What each named property may hold, checked before an operator's edit is stored. Properties
 * the server configuration sets (gold_only_mode, inactivity_timeout_seconds) are read-only here.
 * A property with no rule of its own must keep the shape of its default: JSON of the same kind
 * (object or array) when the default is JSON, "true"/"false" when it is a switch, a number when
 * it is a number, otherwise plain text.
 */
import {
  array,
  enums,
  max,
  min,
  number,
  object,
  pattern,
  size,
  string,
  validate,
  type Struct,
} from 'superstruct';
import { PROPERTY_DEFAULTS, PROPERTY_NAMES, type PropertyName } from '../../../src/contract/properties.ts';
import { US_STATE_NAMES } from '../../../src/contract/us-state-names.ts';

export const READ_ONLY_PROPERTIES: readonly string[] = [
  PROPERTY_NAMES.goldOnlyMode,
  PROPERTY_NAMES.inactivityTimeoutSeconds,
];

const usd = max(min(number(), 0), 1_000_000);

/** JSON-valued properties and their schema (every key required, no other key). */
const JSON_RULES: Partial<Record<PropertyName, { schema: Struct<unknown, unknown>; expected: string }>> = {
  [PROPERTY_NAMES.redemptionValues]: {
    schema: object({
      redeemable_sweeps_coins_per_usd: max(min(number(), 0.01), 1000),
      ach_minimum_redemption_usd: usd,
      paper_check_minimum_redemption_usd: usd,
      paypal_minimum_redemption_usd: usd,
      prizeout_minimum_redemption_usd: usd,
      ach_low_minimum_redemption_usd: usd,
      paper_check_low_minimum_redemption_usd: usd,
      paypal_low_minimum_redemption_usd: usd,
      prizeout_low_minimum_redemption_usd: usd,
    }) as Struct<unknown, unknown>,
    expected:
      'a JSON object with redeemable_sweeps_coins_per_usd (0.01-1000) and the regular and low minimum of each method in USD (0-1,000,000)',
  },
  [PROPERTY_NAMES.errorReportingSampleRates]: {
    schema: object({ errors: max(min(number(), 0), 1), traces: max(min(number(), 0), 1) }) as Struct<
      unknown,
      unknown
    >,
    expected: 'a JSON object { "errors": 0-1, "traces": 0-1 }',
  },
  [PROPERTY_NAMES.prohibitedStates]: {
    // Never empty: the excluded states always apply (server/core/sweeps-eligibility.ts), so an empty
    // list can only be a mistake; it must name at least one state.
    schema: size(array(enums(Object.keys(US_STATE_NAMES))), 1, 60) as Struct<unknown, unknown>,
    expected: 'a JSON array of one or more two-letter US state codes, like ["NY","WA"]',
  },
};

const TEXT_RULES: Partial<Record<PropertyName, { schema: Struct<string, unknown>; expected: string }>> = {
  [PROPERTY_NAMES.minimumClientVersion]: {
    schema: pattern(string(), /^\d{1,6}\.\d{1,6}\.\d{1,6}$/),
    expected: 'a version like 1.4.0',
  },
  [PROPERTY_NAMES.supportUrl]: {
    // http only for a help center on this machine (the support site sandbox of a local install).
    schema: pattern(
      size(string(), 1, 500),
      /^(\/(?!\/)[^\s]*|https:\/\/[^\s]+|http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?(\/[^\s]*)?)$/,
    ),
    expected: 'a path on this site (/corporate) or an https:// address (http:// only for localhost)',
  },
  [PROPERTY_NAMES.cardFeePercent]: {
    // 0 to 10 with up to 2 decimals; card networks cap a surcharge well below 10 %.
    schema: pattern(string(), /^(10(\.0{1,2})?|\d(\.\d{1,2})?)$/),
    expected: 'a percent from 0 to 10 with up to 2 decimals, like 2.9 (0 = no card fee)',
  },
};

export interface PropertyRule {
  readOnly: boolean;
  expected: string;
}

function kindOfDefault(name: string): 'json' | 'switch' | 'number' | 'text' {
  const value = (PROPERTY_DEFAULTS as Record<string, string>)[name] ?? '';
  if (/^\s*[[{]/.test(value)) return 'json';
  if (value === 'true' || value === 'false') return 'switch';
  if (/^-?\d+(\.\d+)?$/.test(value)) return 'number';
  return 'text';
}

export function ruleOf(name: string): PropertyRule {
  if (READ_ONLY_PROPERTIES.includes(name))
    return { readOnly: true, expected: 'set by the server configuration' };
  const json = JSON_RULES[name as PropertyName];
  if (json) return { readOnly: false, expected: json.expected };
  const text = TEXT_RULES[name as PropertyName];
  if (text) return { readOnly: false, expected: text.expected };
  const kind = kindOfDefault(name);
  const expected = {
    json: 'JSON of the same kind as its default',
    switch: 'true or false',
    number: 'a number from 0',
    text: 'text of 1 to 2,000 characters',
  }[kind];
  return { readOnly: false, expected };
}

/** Answers the value to store (normalised), or null when it does not fit the property. */
export function checkPropertyValue(name: string, raw: string): string | null {
  const json = JSON_RULES[name as PropertyName];
  const text = TEXT_RULES[name as PropertyName];
  if (json) {
    const parsed = parseJson(raw);
    if (parsed === undefined) return null;
    const [error] = validate(parsed, json.schema);
    return error ? null : JSON.stringify(parsed);
  }
  if (text) return validate(raw.trim(), text.schema)[0] ? null : raw.trim();
  switch (kindOfDefault(name)) {
    case 'json': {
      const parsed = parseJson(raw);
      const wanted = /^\s*\[/.test((PROPERTY_DEFAULTS as Record<string, string>)[name] ?? '');
      if (parsed === undefined || typeof parsed !== 'object' || parsed === null) return null;
      return Array.isArray(parsed) === wanted ? JSON.stringify(parsed) : null;
    }
    case 'switch': {
      const v = raw.trim().toLowerCase();
      return v === 'true' || v === 'false' ? v : null;
    }
    case 'number': {
      const v = raw.trim();
      return /^\d{1,12}(\.\d{1,6})?$/.test(v) ? String(Number(v)) : null;
    }
    default: {
      const v = raw.trim();
      return v.length >= 1 && v.length <= 2000 ? v : null;
    }
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
