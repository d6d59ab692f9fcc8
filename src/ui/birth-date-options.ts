/** Options of the three birth-date selects (month, day, year), shared by every birth-date form. */
export interface SelectOption {
  value: string;
  label: string;
}

export const BIRTH_MONTH_OPTIONS: readonly SelectOption[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
].map((label, i) => ({ value: String(i + 1), label }));

export const BIRTH_DAY_OPTIONS: readonly SelectOption[] = Array.from({ length: 31 }, (_, i) => ({
  value: String(i + 1),
  label: String(i + 1),
}));

/** Years from `currentYear` back `count` years, newest first. */
export const birthYearOptions = (currentYear: number, count: number): SelectOption[] =>
  Array.from({ length: count }, (_, i) => ({
    value: String(currentYear - i),
    label: String(currentYear - i),
  }));
