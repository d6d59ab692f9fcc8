import { Link } from 'react-router-dom';
import { ROUTES } from '../../contract/routes.ts';
import { NotAvailable } from '../../ui/not-available.tsx';

/** Completing a profile after a social sign-up; social sign-in is a later release. */
export function SocialProfilePage() {
  return (
    <NotAvailable feature="Sign Up with Google or Facebook">
      <p>
        Joining with a Google or Facebook account is coming. You can{' '}
        <Link to={ROUTES.createUser}>join with your email address</Link> today.
      </p>
    </NotAvailable>
  );
}

export default SocialProfilePage;
