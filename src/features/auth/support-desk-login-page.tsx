import { NotAvailable } from '../../ui/not-available.tsx';
import { SUPPORT_EMAIL } from '../../contract/constants.ts';

/** Signing in to the help center with a Lucky Crown account arrives with the help center (a later release). */
export function SupportDeskLoginPage() {
  return (
    <NotAvailable feature="Support Desk Sign-in">
      <p>
        Signing in to our help center with your Lucky Crown account is coming. Until then, email{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will reply to the address on your
        account.
      </p>
    </NotAvailable>
  );
}

export default SupportDeskLoginPage;
