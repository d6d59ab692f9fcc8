/** Calls of the communication preferences, shared by My Account and the mail-link page. */
import {
  COMMUNICATION_PREFERENCES_PATHS as PATHS,
  CommunicationPreferencesSchema,
  LinkedPreferencesSchema,
  type CommunicationPreferences,
  type CommunicationPreferencesUpdate,
  type LinkedPreferences,
} from '../contract/communication-preferences.ts';
import { api } from './api-client.ts';
import { useApiGet } from './swr.tsx';

/** The signed-in player's preferences; null skips the call (signed out). */
export const useMyCommunicationPreferences = (enabled: boolean) =>
  useApiGet(enabled ? PATHS.mine : null, CommunicationPreferencesSchema, { handleErrors: false });

export const saveMyCommunicationPreferences = (
  change: CommunicationPreferencesUpdate,
): Promise<CommunicationPreferences> =>
  api.put(PATHS.mine, change, CommunicationPreferencesSchema, { handleErrors: false });

/** The preferences a mail's signed link names (no sign-in). */
export const useLinkedPreferences = (link: { u: string; t: string }) =>
  useApiGet(PATHS.link, LinkedPreferencesSchema, {
    handleErrors: false,
    query: link,
    swr: { revalidateOnFocus: false, shouldRetryOnError: false },
  });

export const saveLinkedPreferences = (
  link: { u: string; t: string },
  change: CommunicationPreferencesUpdate,
): Promise<LinkedPreferences> =>
  api.put(PATHS.linkUpdate, { ...link, ...change }, LinkedPreferencesSchema, { handleErrors: false });
