/**
 * The billing address change (PATCH /users/me/address) and where it stands
 * (GET /users/me/address-request). Rules: address.ts (the checks), address-requests.ts (applied
 * at once or waiting for identity re-authentication); docs/account.md "Changing the address".
 */
import { Hono } from 'hono';
import { ADDRESS_REQUEST_PATHS } from '../../../src/contract/address-requests.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { AddressUpdateRequestSchema, PAYMENTS_API_PATHS } from '../../../src/contract/payments.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { check, readJson } from '../../http/validate.ts';
import { findUserById, toWireUser } from '../../core/users/users-repo.ts';
import { checkAddress, prohibitedStates } from './address.ts';
import { readAddressRequest, requestAddressChange } from './address-requests.ts';

export function addressRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  // 200 with the User when the change is applied; 202 with the User (address_update_pending, the
  // address on file unchanged) when it waits for identity re-authentication.
  app.patch(PAYMENTS_API_PATHS.address, auth, async (c) => {
    const body = check(await readJson(c), AddressUpdateRequestSchema);
    const a = checkAddress(body, await prohibitedStates(deps.db));
    const id = c.get('userId');
    const outcome = await requestAddressChange(deps, id, a);
    const user = await findUserById(deps.db, id);
    if (!user) throw new ApiError(401, ERROR_CODES.NOT_AUTHENTICATED, 'Please sign in to continue.');
    return c.json(toWireUser(user), outcome === 'pending' ? 202 : 200);
  });
  app.get(ADDRESS_REQUEST_PATHS.addressRequest, auth, async (c) =>
    c.json(await readAddressRequest(deps, c.get('userId'))),
  );
  return app;
}
