/** The "Continue with Google" / "Continue with Facebook" buttons and the social error under them. */
import type { CSSProperties } from 'react';
import {
  SOCIAL_PROVIDERS,
  SOCIAL_TEXTS,
  type SocialError,
  type SocialProvider,
} from '../contract/social-auth.ts';
import { Button } from './button.tsx';
import { errorText } from './field-styles.ts';

/**
 * Inline layout, no stylesheet of its own: the buttons load after a prerendered page's first paint,
 * and a stylesheet arriving then would be one more request and could move the page.
 */
const stack: CSSProperties = { display: 'grid', gap: 'var(--space-2)', marginBottom: 'var(--space-3)' };
const divider: CSSProperties = {
  textAlign: 'center',
  color: 'var(--color-text-muted)',
  margin: 'var(--space-2) 0 var(--space-3)',
};

export interface SocialSignInButtonsProps {
  choose(provider: SocialProvider): void;
  busy: SocialProvider | null;
  error: SocialError | null;
}

export function SocialSignInButtons({ choose, busy, error }: SocialSignInButtonsProps) {
  return (
    <div data-testid="social-sign-in">
      <div style={stack}>
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
      <p style={divider} aria-hidden="true">
        {SOCIAL_TEXTS.or}
      </p>
    </div>
  );
}
