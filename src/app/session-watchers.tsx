/**
 * What the shell watches during a session and never draws on the first render: signing out
 * after inactivity, the suspension notice and the birth-date prompt at a session's start.
 * Loaded beside the app shell (root-layout.tsx), so no route's first load carries it.
 * Mounted on every page, signed in or not: each watcher resets when the session ends.
 */
import { useBirthDatePrompt } from './use-birth-date-prompt.ts';
import { useInactivitySignOut } from './use-inactivity-sign-out.ts';
import { useSuspensionNotice } from './use-suspension-notice.ts';

export function SessionWatchers({
  inactivityTimeoutSetting,
}: {
  inactivityTimeoutSetting: string | undefined;
}) {
  useInactivitySignOut(inactivityTimeoutSetting);
  useSuspensionNotice();
  useBirthDatePrompt();
  return null;
}

export default SessionWatchers;
