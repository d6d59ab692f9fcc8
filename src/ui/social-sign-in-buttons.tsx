/** The "Continue with Google" / "Continue with Facebook" buttons and the social error under them. */
import { css } from '@linaria/core';
import {
  SOCIAL_PROVIDERS,
  SOCIAL_TEXTS,
  type SocialError,
  type SocialProvider,
} from '../contract/social-auth.ts';
import { Button } from './button.tsx';
import { errorText } from './field-styles.ts';

const stack = css`
  display: grid;
  gap: var(--space-2);
  margin-bottom: var(--space-3);
`;
const divider = css`
  display: flex;
  align-items: center;
  gap: var(--space-2);
  color: var(--color-text-muted);
  margin: var(--space-2) 0 var(--space-3);
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid var(--color-border);
  }
`;

export interface SocialSignInButtonsProps {
  choose(provider: SocialProvider): void;
  busy: SocialProvider | null;
  error: SocialError | null;
}

export function SocialSignInButtons({ choose, busy, error }: SocialSignInButtonsProps) {
  return (
    <div data-testid="social-sign-in">
      <div className={stack}>
        {SOCIAL_PROVIDERS.map((provider) => (
          <Button
            key={provider}
            type="button"
            variant="secondary"
            fullWidth
            loading={busy === provider}
            disabled={busy !== null && busy !== provider}
            onClick={() => choose(provider)}
          >
            {SOCIAL_TEXTS.continueWith(provider)}
          </Button>
        ))}
      </div>
      {error ? (
        <p role="alert" className={errorText} data-testid="social-error" data-code={error.code}>
          {error.message}
        </p>
      ) : null}
      <p className={divider} aria-hidden="true">
        {SOCIAL_TEXTS.or}
      </p>
    </div>
  );
}

/** The height the buttons take, kept while their code loads so the form below does not move. */
export const SOCIAL_BUTTONS_RESERVED_HEIGHT = '9.5rem';
