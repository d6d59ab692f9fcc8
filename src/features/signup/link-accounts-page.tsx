import { NotAvailable } from '../../ui/not-available.tsx';
import { SUPPORT_EMAIL } from '../../contract/constants.ts';

/** Linking a Google or Facebook sign-in to an existing account; a later release. */
export function LinkAccountsPage() {
  return (
    <NotAvailable feature="Link Accounts">
      <p>
        Linking a Google or Facebook sign-in to your Lucky Crown account is coming. Keep signing in with your
        email and password meanwhile. Questions: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </NotAvailable>
  );
}

export default LinkAccountsPage;
