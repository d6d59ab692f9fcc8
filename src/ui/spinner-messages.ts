/** Spinner texts used during payments (spec section 2). Re-exported here for UI code. */
export { SPINNER_MESSAGES, DEFAULT_LOADING_TEXT } from '../state/ui-actions.ts';
