/** The social sign-up or link in progress (socialInfo), kept in sessionStorage for the profile and link pages. */
import {
  SOCIAL_INFO_STORAGE_KEY,
  type SocialError,
  type SocialSignInAnswer,
} from '../contract/social-auth.ts';
import { isApiError } from '../lib/api-client.ts';

export type SocialInfo = Exclude<SocialSignInAnswer, { result: 'signed_in' }>;

export function readSocialInfo(): SocialInfo | null {
  try {
    const raw = sessionStorage.getItem(SOCIAL_INFO_STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as SocialInfo) : null;
    return value && (value.result === 'profile_required' || value.result === 'link_required') ? value : null;
  } catch {
    return null;
  }
}

export function saveSocialInfo(info: SocialInfo): void {
  try {
    sessionStorage.setItem(SOCIAL_INFO_STORAGE_KEY, JSON.stringify(info));
  } catch {
    // Private mode without storage: the pages ask to start again.
  }
}

export function clearSocialInfo(): void {
  try {
    sessionStorage.removeItem(SOCIAL_INFO_STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

/** A failed call as the pages keep it: code, the first native message and the field name. */
export function socialErrorOf(error: unknown): SocialError {
  if (isApiError(error)) return { code: error.code, message: error.message, field: error.field ?? null };
  return { code: 'NETWORK_ERROR', message: 'Something went wrong. Please try again.', field: null };
}
