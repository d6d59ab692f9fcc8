/**
 * The sandbox of the taxpayer-number check a real tax provider runs on a W-9 (name + TIN against
 * the IRS records). It decides from test data, as test cards do (docs/tax.md):
 *   last four digits 0000 -> no match (the W-9 is mismatched and the account suspended);
 *   any other digits      -> match.
 * The real check plugs in behind the same function shape.
 */
export const SANDBOX_MISMATCH_LAST_FOUR = '0000';

export type TinMatcher = (form: { legalName: string; ssnLastFour: string }) => boolean;

export const sandboxTinMatch: TinMatcher = ({ ssnLastFour }) => ssnLastFour !== SANDBOX_MISMATCH_LAST_FOUR;
