import { css } from '@linaria/core';
import { Spinner } from './spinner.tsx';

const waiting = css`
  display: flex;
  justify-content: center;
  padding: var(--space-6) var(--space-4);
`;

/** The page's place while a guard waits for what it decides on (properties, a limit check). */
export function PageWaiting() {
  return (
    <div className={waiting}>
      <Spinner label="Loading..." />
    </div>
  );
}
