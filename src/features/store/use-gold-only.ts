/** The store's pages pick their wording by gold-only mode (the one implementation lives in state). */
export { useGoldOnly } from '../../state/use-gold-only.ts';
