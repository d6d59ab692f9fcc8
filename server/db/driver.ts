/**
 * The database seen by the rest of the server: one PostgreSQL dialect, two drivers
 * (embedded PGlite, or a PostgreSQL server through postgres.js). Rows come back as plain
 * objects; bigint columns may arrive as string, bigint or number depending on the driver, so
 * callers read them through `Number(...)`.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** One parameterised statement ($1, $2 ...). */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * One attempt at a SERIALIZABLE transaction. Use `transaction()` from ./transaction.ts,
   * which retries serialization failures and deadlocks. Inside `fn` use only `tx`: on PGlite
   * the outer handle waits for the transaction to end, so using it inside would deadlock.
   */
  transactionOnce<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** SQLSTATE of a database error, when it has one. */
export const sqlState = (error: unknown): string | undefined =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  typeof (error as { code: unknown }).code === 'string'
    ? (error as { code: string }).code
    : undefined;

/** Name of the violated constraint (unique index, check), when the driver reports it. */
export const constraintName = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { constraint?: unknown; constraint_name?: unknown };
  const name = e.constraint ?? e.constraint_name;
  return typeof name === 'string' ? name : undefined;
};
