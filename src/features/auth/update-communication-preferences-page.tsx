/**
 * /update-communication-preferences: opened from the signed link at the foot of every marketing
 * mail (?u=<player>&t=<signature>). It works without signing in: the reader sees whose
 * preferences these are (masked address), can unsubscribe from everything with one click, or
 * choose categories. Without a link, a signed-in player is sent to My Account's section and a
 * visitor is told where the link is.
 */
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { COMMUNICATION_PREFERENCES_TEXTS as TEXTS } from '../../contract/communication-preferences.ts';
import { ROUTES } from '../../contract/routes.ts';
import { CLIENT_ERROR_CODES } from '../../lib/api-client.ts';
import { CommunicationPreferencesForm } from '../../lib/communication-preferences-form.tsx';
import { saveLinkedPreferences, useLinkedPreferences } from '../../lib/communication-preferences-api.ts';
import { useOnline } from '../../pwa/online-status.ts';
import { store } from '../../state/store.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Card, Page } from '../../ui/page.tsx';
import { PageWaiting } from '../../ui/page-waiting.tsx';
import { actionRow, prose } from '../../ui/prose.ts';

function LinkedPreferencesCard({ link }: { link: { u: string; t: string } }) {
  const online = useOnline();
  const { data, error, mutate } = useLinkedPreferences(link);
  if (error) {
    const offline = !online || error.code === CLIENT_ERROR_CODES.OFFLINE;
    return (
      <Card className={prose}>
        <p role="alert">{offline ? TEXTS.offline : TEXTS.linkInvalid}</p>
        {offline ? null : (
          <div className={actionRow}>
            <ButtonLink to={ROUTES.login}>Sign in</ButtonLink>
          </div>
        )}
      </Card>
    );
  }
  if (!data) return <PageWaiting />;
  return (
    <Card>
      <p data-testid="preferences-owner">
        <strong>{TEXTS.forAddress(data.email_masked)}</strong>
      </p>
      <CommunicationPreferencesForm
        idPrefix="linked-preferences"
        current={data}
        save={async (change) => mutate(await saveLinkedPreferences(link, change), { revalidate: false })}
      />
    </Card>
  );
}

export function UpdateCommunicationPreferencesPage() {
  const [params] = useSearchParams();
  const signedIn = useSnapshot(store.session).status === 'signed-in';
  const u = params.get('u');
  const t = params.get('t');
  if (!u || !t) {
    if (signedIn) return <Navigate to={`${ROUTES.myAccount}#communication-preferences`} replace />;
    return (
      <Page title={TEXTS.title}>
        <Card className={prose}>
          <p>{TEXTS.noLink}</p>
          <div className={actionRow}>
            <ButtonLink to={ROUTES.login}>Sign in</ButtonLink>
          </div>
        </Card>
      </Page>
    );
  }
  return (
    <Page title={TEXTS.title}>
      <LinkedPreferencesCard link={{ u, t }} />
    </Page>
  );
}

export default UpdateCommunicationPreferencesPage;
