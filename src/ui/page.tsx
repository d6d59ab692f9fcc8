import { useEffect, type ReactNode } from 'react';
import { css, cx } from '@linaria/core';
import { PRODUCT_NAME } from '../contract/constants.ts';

export type PageWidth = 'narrow' | 'normal' | 'wide';

const pageBase = css`
  width: 100%;
  margin: 0 auto;
  padding: var(--space-5) var(--space-4) var(--space-6);
`;
const widths: Record<PageWidth, string> = {
  narrow: css`
    max-width: var(--content-narrow);
  `,
  normal: css`
    max-width: var(--content-normal);
  `,
  wide: css`
    max-width: var(--content-wide);
  `,
};

const heading = css`
  &:focus {
    outline: none;
  }
`;

export interface PageProps {
  title: string;
  children?: ReactNode;
  width?: PageWidth;
  /** Hide the visible <h1> (it stays for screen readers), e.g. on a hero page. */
  hideTitle?: boolean;
  className?: string;
}

/** Title of the browser tab for a page. */
export const documentTitle = (title: string): string => `${title} | ${PRODUCT_NAME}`;

/**
 * One screen: sets the document title and renders the page's single <h1>. The heading has
 * id "page-title" and tabIndex -1 so the app shell can move focus to it after navigation.
 */
export function Page({ title, children, width = 'normal', hideTitle = false, className }: PageProps) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return (
    <div className={cx(pageBase, widths[width], className)}>
      <h1 id="page-title" tabIndex={-1} className={cx(heading, hideTitle && 'visually-hidden')}>
        {title}
      </h1>
      {children}
    </div>
  );
}

const card = css`
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  padding: var(--space-4);
  box-shadow: var(--shadow-1);
  margin-bottom: var(--space-4);

  @media (min-width: 600px) {
    padding: var(--space-5);
  }
`;

export function Card({
  children,
  className,
  as: Tag = 'section',
}: {
  children?: ReactNode;
  className?: string;
  as?: 'section' | 'div' | 'article';
}) {
  return <Tag className={cx(card, className)}>{children}</Tag>;
}

export type NoticeTone = 'info' | 'warning' | 'error' | 'success';

const noticeBase = css`
  border-radius: var(--radius-md);
  padding: var(--space-3) var(--space-4);
  margin-bottom: var(--space-4);
  border-left: 4px solid;
  color: var(--color-text);
  & > :last-child {
    margin-bottom: 0;
  }
`;
const tones: Record<NoticeTone, string> = {
  info: css`
    background: var(--color-info-bg);
    border-color: var(--color-info);
  `,
  warning: css`
    background: var(--color-warning-bg);
    border-color: var(--color-warning);
  `,
  error: css`
    background: var(--color-danger-bg);
    border-color: var(--color-danger);
  `,
  success: css`
    background: var(--color-success-bg);
    border-color: var(--color-success);
  `,
};

/** A message block. Errors are announced at once (role=alert), the rest politely (role=status). */
export function Notice({
  tone,
  children,
  className,
  testId,
}: {
  tone: NoticeTone;
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx(noticeBase, tones[tone], className)}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
