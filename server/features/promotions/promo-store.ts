/**
 * SQL of the promotions (tables promo_popups and promo_carousels, migration 0018): what players
 * see now, the operator's full lists, and the writes the console makes. Both tables share their
 * columns but the slides' headline and body, so one set of functions serves both kinds.
 */
import type { OperatorPromoRow, PromoAudience, PromoKind } from '../../../src/contract/promotions.ts';
import type { Queryable } from '../../db/driver.ts';

export const PROMO_TABLES: Record<PromoKind, string> = {
  popups: 'promo_popups',
  slides: 'promo_carousels',
};

export type PromoRow = {
  id: string | number;
  name: string;
  headline?: string;
  body?: string;
  cdn_image: string | null;
  image_alt: string;
  image_width: number | null;
  image_height: number | null;
  button_text: string;
  button_location: string;
  audience: PromoAudience;
  active: boolean;
  sort_order: number;
  active_from: Date | string;
  active_until: Date | string | null;
  updated_at: Date | string;
};

/** The fields an operator writes (the slides' headline and body ignored for pop-ups). */
export interface PromoFields {
  name: string;
  headline: string;
  body: string;
  cdn_image: string | null;
  image_alt: string;
  image_width: number | null;
  image_height: number | null;
  button_text: string;
  button_location: string;
  audience: PromoAudience;
  active: boolean;
  active_from: string;
  active_until: string | null;
}

const columns = (kind: PromoKind) =>
  `id, name, ${kind === 'slides' ? 'headline, body, ' : ''}cdn_image, image_alt, image_width, image_height,
   button_text, button_location, audience, active, sort_order, active_from, active_until, updated_at`;

/**
 * Rows players see at `nowMs`, in display order: switched on, inside their window, and for
 * Sweeps players only when `sweeps` (gold-only mode, or a player without Sweeps, sees none).
 */
export async function livePromos(
  db: Queryable,
  kind: PromoKind,
  nowMs: number,
  sweeps: boolean,
): Promise<PromoRow[]> {
  return db.query<PromoRow>(
    `SELECT ${columns(kind)} FROM ${PROMO_TABLES[kind]}
      WHERE active AND active_from <= $1 AND (active_until IS NULL OR active_until > $1)
        AND ($2 OR audience = 'all')
      ORDER BY sort_order, id`,
    [new Date(nowMs).toISOString(), sweeps],
  );
}

export async function listPromos(db: Queryable, kind: PromoKind): Promise<PromoRow[]> {
  return db.query<PromoRow>(`SELECT ${columns(kind)} FROM ${PROMO_TABLES[kind]} ORDER BY sort_order, id`);
}

/** One row, locked for the caller's transaction; null when there is none. */
export async function lockPromo(tx: Queryable, kind: PromoKind, id: string): Promise<PromoRow | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const rows = await tx.query<PromoRow>(
    `SELECT ${columns(kind)} FROM ${PROMO_TABLES[kind]} WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

const values = (kind: PromoKind, f: PromoFields): unknown[] => [
  f.name,
  f.cdn_image,
  f.image_alt,
  f.image_width,
  f.image_height,
  f.button_text,
  f.button_location,
  f.audience,
  f.active,
  f.active_from,
  f.active_until,
  ...(kind === 'slides' ? [f.headline, f.body] : []),
];

/** Adds a row after the last one; answers it. */
export async function insertPromo(
  tx: Queryable,
  kind: PromoKind,
  f: PromoFields,
  nowMs: number,
  seedKey: string | null = null,
): Promise<PromoRow | null> {
  const table = PROMO_TABLES[kind];
  const slideCols = kind === 'slides' ? ', headline, body' : '';
  const slideVals = kind === 'slides' ? ', $12, $13' : '';
  const n = kind === 'slides' ? 14 : 12;
  const rows = await tx.query<PromoRow>(
    `INSERT INTO ${table} (name, cdn_image, image_alt, image_width, image_height, button_text, button_location,
       audience, active, active_from, active_until${slideCols}, seed_key, sort_order, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11${slideVals}, $${n},
       (SELECT coalesce(max(sort_order), 0) + 1 FROM ${table}), $${n + 1}, $${n + 1})
     ON CONFLICT (seed_key) DO NOTHING
     RETURNING ${columns(kind)}`,
    [...values(kind, f), seedKey, new Date(nowMs).toISOString()],
  );
  return rows[0] ?? null;
}

export async function updatePromo(
  tx: Queryable,
  kind: PromoKind,
  id: string,
  f: PromoFields,
  nowMs: number,
): Promise<PromoRow> {
  const slideSet = kind === 'slides' ? ', headline = $12, body = $13' : '';
  const n = kind === 'slides' ? 14 : 12;
  const rows = await tx.query<PromoRow>(
    `UPDATE ${PROMO_TABLES[kind]} SET name = $1, cdn_image = $2, image_alt = $3, image_width = $4,
       image_height = $5, button_text = $6, button_location = $7, audience = $8, active = $9,
       active_from = $10, active_until = $11${slideSet}, updated_at = $${n + 1}
     WHERE id = $${n} RETURNING ${columns(kind)}`,
    [...values(kind, f), id, new Date(nowMs).toISOString()],
  );
  return rows[0]!;
}

/** Locks every row of the kind (the order is rewritten as a whole); answers their ids in order. */
export async function lockAllPromoIds(tx: Queryable, kind: PromoKind): Promise<string[]> {
  const rows = await tx.query<{ id: string | number }>(
    `SELECT id FROM ${PROMO_TABLES[kind]} ORDER BY sort_order, id FOR UPDATE`,
  );
  return rows.map((r) => String(r.id));
}

export async function setPromoOrder(
  tx: Queryable,
  kind: PromoKind,
  ids: readonly string[],
  nowMs: number,
): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await tx.query(`UPDATE ${PROMO_TABLES[kind]} SET sort_order = $1, updated_at = $2 WHERE id = $3`, [
      index + 1,
      new Date(nowMs).toISOString(),
      id,
    ]);
  }
}

const iso = (v: Date | string): string => new Date(v).toISOString();

/** Where a row stands at `nowMs`. */
export function promoStatus(row: PromoRow, nowMs: number): OperatorPromoRow['status'] {
  if (!row.active) return 'off';
  if (new Date(row.active_from).getTime() > nowMs) return 'scheduled';
  if (row.active_until !== null && new Date(row.active_until).getTime() <= nowMs) return 'ended';
  return 'live';
}

export function toOperatorRow(kind: PromoKind, row: PromoRow, nowMs: number): OperatorPromoRow {
  return {
    id: String(row.id),
    name: row.name,
    ...(kind === 'slides' ? { headline: row.headline ?? '', body: row.body ?? '' } : {}),
    cdn_image: row.cdn_image,
    image_alt: row.image_alt,
    image_width: row.image_width,
    image_height: row.image_height,
    button_text: row.button_text,
    button_location: row.button_location,
    audience: row.audience,
    active: row.active,
    sort_order: row.sort_order,
    active_from: iso(row.active_from),
    active_until: row.active_until === null ? null : iso(row.active_until),
    status: promoStatus(row, nowMs),
    updated_at: iso(row.updated_at),
  };
}
