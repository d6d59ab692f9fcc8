import { NotAvailable } from '../../ui/not-available.tsx';
import { SUPPORT_EMAIL } from '../../contract/constants.ts';

/** Opened from the unsubscribe link of our emails; the preference centre is a later release. */
export function UpdateCommunicationPreferencesPage() {
  return (
    <NotAvailable feature="Communication Preferences">
      <p>
        Managing which emails you receive from this page is coming. To stop promotional email now, reply to
        any of our emails or write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will
        update your preferences.
      </p>
    </NotAvailable>
  );
}

export default UpdateCommunicationPreferencesPage;
