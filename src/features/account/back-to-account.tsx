import { Link } from 'react-router-dom';
import { ROUTES } from '../../contract/routes.ts';
import { backRow } from './account-styles.ts';

/** The way back from every account page. */
export function BackToAccount() {
  return (
    <p className={backRow}>
      <Link to={ROUTES.myAccount} data-testid="back-to-my-account">
        Back to My Account
      </Link>
    </p>
  );
}
