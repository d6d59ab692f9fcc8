/** The two coin types. Wire names keep the legacy suffixes: `_gld` is Gold, `_ghc` is Sweeps. */
export type Currency = 'gold' | 'sweeps';
export const isCurrency = (v: unknown): v is Currency => v === 'gold' || v === 'sweeps';
