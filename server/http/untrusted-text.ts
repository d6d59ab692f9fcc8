/**
 * Characters no field of the API may carry: NUL (truncates strings in C libraries and is refused
 * by PostgreSQL text columns) and lone UTF-16 surrogates (no UTF-8 form: the database driver and
 * JSON encoders reject or replace them). One pattern, tested on every string at the edge.
 */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters this pattern exists to find
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenCharacter(text: string): boolean {
  return FORBIDDEN.test(text);
}

export const FORBIDDEN_CHARACTER_MESSAGE =
  'This value contains a character that is not allowed (NUL or an unpaired surrogate).';
