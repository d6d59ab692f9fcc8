/** Named properties the app shell (header, menu, guards, session) needs on every page. */
import { PROPERTY_NAMES, type PropertyName } from '../contract/properties.ts';

export const SHELL_PROPERTY_NAMES: readonly PropertyName[] = [
  PROPERTY_NAMES.goldOnlyMode,
  PROPERTY_NAMES.dailyBonusEnabled,
  PROPERTY_NAMES.mobileVerificationEnabled,
  PROPERTY_NAMES.supportUrl,
  PROPERTY_NAMES.inactivityTimeoutSeconds,
  PROPERTY_NAMES.coinStoreEnabled,
  PROPERTY_NAMES.minimumClientVersion,
];
