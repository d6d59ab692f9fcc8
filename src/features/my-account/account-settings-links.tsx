/** My Account's profile links: the pages that change the picture, name, email and password, or close the account. */
import { Link } from 'react-router-dom';
import { css } from '@linaria/core';
import { ROUTES } from '../../contract/routes.ts';

const list = css`
  margin: 0;
  padding: 0;
  list-style: none;
  & li {
    border-top: 1px solid var(--color-border);
  }
  & a {
    display: flex;
    align-items: center;
    justify-content: space-between;
    min-height: 48px;
    padding: var(--space-2) 0;
    font-weight: 600;
    text-decoration: none;
  }
`;

const LINKS = [
  { to: ROUTES.profilePic, label: 'Profile picture', testId: 'my-account-profile-pic' },
  { to: ROUTES.changeName, label: 'Change name', testId: 'my-account-change-name' },
  { to: ROUTES.changeEmail, label: 'Change email', testId: 'my-account-change-email' },
  { to: ROUTES.changePassword, label: 'Change password', testId: 'my-account-change-password' },
  { to: ROUTES.closeAccount, label: 'Close account', testId: 'my-account-close-account' },
] as const;

export function AccountSettingsLinks() {
  return (
    <ul className={list}>
      {LINKS.map((l) => (
        <li key={l.to}>
          <Link to={l.to} data-testid={l.testId}>
            {l.label} <span aria-hidden="true">›</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
