import { NavLink } from 'react-router-dom';
import { ROUTES } from '../../contract/routes.ts';
import { PRODUCT_NAME } from '../../contract/constants.ts';
import { Card } from '../../ui/page.tsx';
import { linkList } from '../../ui/prose.ts';

const LINKS = [
  { to: ROUTES.corporate, label: 'Company information' },
  { to: ROUTES.corporatePeople, label: 'Our people' },
  { to: ROUTES.corporateHowItWorks, label: 'How it works' },
  { to: ROUTES.whatIs, label: `What is ${PRODUCT_NAME}?` },
] as const;

/** Links between the corporate pages (the current one is marked for screen readers). */
export function CorporateNav() {
  return (
    <Card as="div">
      <nav aria-label="Corporate">
        <h2>More about us</h2>
        <ul className={linkList}>
          {LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}
