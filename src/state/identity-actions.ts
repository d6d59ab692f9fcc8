/**
 * Checking the player's identity verification: asks the server for the status (which asks the
 * provider about a pending decision first, docs/kyc.md) and reloads the player so every page
 * shows the state. Shared by the identity dialogs and My Account's identity section (CHECK
 * VERIFICATION), which are different features.
 */
import { API_PATHS } from '../contract/api-paths.ts';
import { KYC_API_PATHS, KycStatusSchema, type KycStatus } from '../contract/kyc.ts';
import { UserSchema } from '../contract/schemas.ts';
import { api } from '../lib/api-client.ts';
import { store } from './store.ts';

export async function checkIdentityVerification(): Promise<KycStatus> {
  const status = await api.get(KYC_API_PATHS.status, KycStatusSchema, { handleErrors: false });
  const user = await api.get(API_PATHS.me, UserSchema, { handleErrors: false });
  store.session.user = user;
  return status;
}
