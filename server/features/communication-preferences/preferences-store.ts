/** Reading and changing a player's marketing preferences (table communication_preferences). */
import type {
  CommunicationPreferences,
  CommunicationPreferencesUpdate,
} from '../../../src/contract/communication-preferences.ts';
import type { Queryable } from '../../db/driver.ts';

export type PreferencesChangedVia = 'account' | 'link' | 'one_click';

type Row = { promotions_email: boolean; news_email: boolean; updated_at: Date | string };

/** No row: both categories on (the player agreed to offers at sign-up and has not changed it). */
const DEFAULTS: CommunicationPreferences = { promotions_email: true, news_email: true };

export async function readPreferences(db: Queryable, userId: string): Promise<CommunicationPreferences> {
  const rows = await db.query<Row>(
    'SELECT promotions_email, news_email, updated_at FROM communication_preferences WHERE user_id = $1',
    [userId],
  );
  const r = rows[0];
  if (!r) return { ...DEFAULTS };
  return {
    promotions_email: r.promotions_email,
    news_email: r.news_email,
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/**
 * Applies the fields given (others keep their value) in one statement, so two changes at once
 * (a mail link and My Account) each land whole and the last one wins per field.
 */
export async function updatePreferences(
  db: Queryable,
  userId: string,
  change: CommunicationPreferencesUpdate,
  via: PreferencesChangedVia,
  nowMs: number,
): Promise<CommunicationPreferences> {
  const at = new Date(nowMs).toISOString();
  await db.query(
    `INSERT INTO communication_preferences (user_id, promotions_email, news_email, updated_at, updated_via)
     VALUES ($1, COALESCE($2::boolean, true), COALESCE($3::boolean, true), $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET
       promotions_email = COALESCE($2::boolean, communication_preferences.promotions_email),
       news_email = COALESCE($3::boolean, communication_preferences.news_email),
       updated_at = $4,
       updated_via = $5`,
    [userId, change.promotions_email ?? null, change.news_email ?? null, at, via],
  );
  return readPreferences(db, userId);
}

/** The player a preferences link names: id and e-mail address, or null. */
export async function findLinkedPlayer(
  db: Queryable,
  userId: string,
): Promise<{ id: string; email: string } | null> {
  const rows = await db.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE id = $1', [
    userId,
  ]);
  return rows[0] ?? null;
}
