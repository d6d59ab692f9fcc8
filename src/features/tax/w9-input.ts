/** Input clean-up of the W-9 number fields: what is typed or pasted keeps its digits, up to `max`. */
export const digitsOnly = (value: string, max: number): string => value.replace(/\D/g, '').slice(0, max);

/** Two-letter state codes as the form wants them: letters only, upper case, at most 2. */
export const stateCode = (value: string): string =>
  value
    .replace(/[^a-z]/gi, '')
    .slice(0, 2)
    .toUpperCase();
