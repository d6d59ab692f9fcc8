/**
 * The one way to answer a refusal caused by the account's state (closed, suspended, on a break,
 * self-excluded): the error carries `extra.account_status` (spec section 3) beside the code's own
 * extra fields. docs/account.md "account_status" lists where it is answered.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AccountStatus } from '../../src/contract/player-standing.ts';
import { ApiError, type ApiErrorCode } from './api-error.ts';

export function accountStateRefusal(
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string,
  accountStatus: AccountStatus,
  extra: Record<string, unknown> | null = null,
  field: string | null = null,
): ApiError {
  return new ApiError(status, code, message, field, { ...extra, account_status: accountStatus });
}
