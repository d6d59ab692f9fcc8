import { SOCIAL_AUTH_ERROR_CODES } from '../../../src/contract/social-auth.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../core/deps.ts';
import { linkedProvidersOf } from './social-store.ts';

/**
 * The answer to a wrong password for an account opened with Google or Facebook that has no
 * password: the app offers those providers or a sign-in link (the social account reset dialog).
 */
export async function socialAccountRefusal(deps: AppDeps, userId: string): Promise<ApiError | null> {
  const rows = await deps.db.query<{ has_password: boolean }>(
    'SELECT has_password FROM users WHERE id = $1',
    [userId],
  );
  if (rows[0]?.has_password !== false) return null;
  const providers = await linkedProvidersOf(deps.db, userId);
  return new ApiError(
    401,
    SOCIAL_AUTH_ERROR_CODES.SOCIAL_ACCOUNT_NO_PASSWORD,
    'This account signs in with Google or Facebook and has no password yet.',
    'password',
    { providers },
  );
}
