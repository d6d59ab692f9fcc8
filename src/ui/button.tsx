import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { css, cx } from '@linaria/core';
import { Spinner } from './spinner.tsx';
import { AppLink, type AppLinkProps } from './app-link.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const base = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: var(--space-2);
  min-height: 44px;
  padding: var(--space-2) var(--space-4);
  border-radius: var(--radius-md);
  border: 2px solid transparent;
  font-weight: 700;
  font-size: 1rem;
  line-height: 1.2;
  text-decoration: none;
  text-align: center;
  cursor: pointer;
  transition:
    background-color 0.15s,
    border-color 0.15s,
    transform 0.1s;

  &:active:not(:disabled):not([aria-disabled='true']) {
    transform: translateY(1px);
  }
  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

const variants: Record<ButtonVariant, string> = {
  primary: css`
    background: linear-gradient(180deg, #ffd86e 0%, var(--color-primary) 100%);
    color: var(--color-primary-contrast);
    box-shadow: var(--shadow-1);
    &:hover:not(:disabled) {
      background: var(--color-primary-hover);
      color: var(--color-primary-contrast);
    }
  `,
  secondary: css`
    background: var(--color-surface-2);
    color: var(--color-text);
    border-color: var(--color-border);
    &:hover:not(:disabled) {
      border-color: var(--color-gold);
      color: var(--color-text);
    }
  `,
  ghost: css`
    background: transparent;
    color: var(--color-text);
    &:hover:not(:disabled) {
      background: var(--color-surface-2);
      color: var(--color-text);
    }
  `,
  danger: css`
    background: var(--color-danger);
    color: #2a0c14;
    &:hover:not(:disabled) {
      background: #ff9a9a;
      color: #2a0c14;
    }
  `,
};

const full = css`
  width: 100%;
`;

interface LookProps {
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

export const buttonClassName = (
  { variant = 'primary', fullWidth = false }: LookProps,
  extra?: string,
): string => cx(base, variants[variant], fullWidth && full, extra);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, LookProps {
  /** Shows a spinner, disables the button and marks it busy. */
  loading?: boolean;
  children?: ReactNode;
}

export function Button({
  variant,
  fullWidth,
  loading = false,
  className,
  disabled,
  children,
  type,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={buttonClassName({ variant, fullWidth }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner label="Please wait" hideLabel /> : null}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends AppLinkProps, LookProps {}

/** An in-app link that looks like a button (works before and after the router loads). */
export function ButtonLink({ variant, fullWidth, className, ...rest }: ButtonLinkProps) {
  return <AppLink className={buttonClassName({ variant, fullWidth }, className)} {...rest} />;
}
