/**
 * "Communication preferences" (id communication-preferences): the same marketing mail choices
 * the link in every marketing mail opens, for the signed-in player.
 */
import { COMMUNICATION_PREFERENCES_TEXTS as TEXTS } from '../../contract/communication-preferences.ts';
import { CLIENT_ERROR_CODES } from '../../lib/api-client.ts';
import { CommunicationPreferencesForm } from '../../lib/communication-preferences-form.tsx';
import {
  saveMyCommunicationPreferences,
  useMyCommunicationPreferences,
} from '../../lib/communication-preferences-api.ts';
import { useOnline } from '../../pwa/online-status.ts';
import { Card } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { fragmentHeading } from './fragment-heading.ts';

export function CommunicationPreferencesSection() {
  const online = useOnline();
  const { data, error, mutate } = useMyCommunicationPreferences(true);
  const offline = !online || error?.code === CLIENT_ERROR_CODES.OFFLINE;
  return (
    <Card as="div">
      <section aria-labelledby="communication-preferences">
        <h2 id="communication-preferences" tabIndex={-1} className={fragmentHeading}>
          {TEXTS.title}
        </h2>
        {data ? (
          <CommunicationPreferencesForm
            idPrefix="my-preferences"
            current={data}
            save={async (change) =>
              mutate(await saveMyCommunicationPreferences(change), { revalidate: false })
            }
          />
        ) : error ? (
          <p role="alert">
            {offline ? TEXTS.offline : 'Your preferences could not be loaded. Please try again later.'}
          </p>
        ) : (
          <Spinner label="Loading..." />
        )}
      </section>
    </Card>
  );
}
