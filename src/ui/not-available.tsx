import type { ReactNode } from 'react';
import { css } from '@linaria/core';
import { ROUTES } from '../contract/routes.ts';
import { useSignedIn } from './signed-in-context.ts';
import { Page, Card } from './page.tsx';
import { ButtonLink } from './button.tsx';

const statement = css`
  font-size: 1.1rem;
  font-weight: 600;
`;
const details = css`
  color: var(--color-text-muted);
`;

export interface NotAvailableProps {
  /** Feature name: the page heading, and "<feature> is not available yet". */
  feature: string;
  /** Optional plain explanation of what the feature will do or what to do meanwhile. */
  children?: ReactNode;
}

/**
 * The honest page for a feature that is not built yet: its name as the heading, one plain
 * sentence, and a way back. It shows no made-up data.
 */
export function NotAvailable({ feature, children }: NotAvailableProps) {
  const signedIn = useSignedIn();
  return (
    <Page title={feature} width="narrow">
      <Card>
        <p className={statement} data-testid="feature-unavailable">
          {feature} is not available yet.
        </p>
        {children ? <div className={details}>{children}</div> : null}
        <ButtonLink to={signedIn ? ROUTES.lobby : ROUTES.home} variant="secondary" fullWidth>
          {signedIn ? 'Back to the lobby' : 'Back to the home page'}
        </ButtonLink>
      </Card>
    </Page>
  );
}
