/**
 * Global styles and theme tokens. Every colour, radius, space and font the app uses is a CSS
 * custom property defined here, so pages and primitives never hard-code a value.
 * Palette: deep navy/purple surfaces with gold accents. Text and accent pairs meet WCAG AA
 * (body text on --color-bg is about 15:1, muted text about 8:1, primary-contrast on primary 10:1).
 * Mobile-first: base rules target a 360 px phone, wider screens only add room.
 */
import { css } from '@linaria/core';

export const globalStyles = css`
  :global() {
    :root {
      color-scheme: dark;
      --color-bg: #14112b;
      --color-surface: #1e1a3d;
      --color-surface-2: #2a2552;
      --color-border: #433c78;
      --color-text: #f6f4ff;
      --color-text-muted: #bdb7dd;
      --color-primary: #f5c84c;
      --color-primary-hover: #ffd86e;
      --color-primary-contrast: #1b1535;
      --color-gold: #f5c84c;
      --color-sweeps: #3ee0a1;
      --color-danger: #ff7b7b;
      --color-danger-bg: #3a1830;
      --color-success: #3ee0a1;
      --color-success-bg: #113329;
      --color-warning: #ffbe5c;
      --color-warning-bg: #3a2a12;
      --color-info: #8fb8ff;
      --color-info-bg: #18264a;
      --color-focus: #8fb8ff;
      --color-overlay: rgba(8, 6, 24, 0.78);

      --radius-sm: 6px;
      --radius-md: 10px;
      --radius-lg: 18px;

      --space-1: 4px;
      --space-2: 8px;
      --space-3: 12px;
      --space-4: 16px;
      --space-5: 24px;
      --space-6: 40px;

      --font-body: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
      --font-display: 'Trebuchet MS', 'Segoe UI', system-ui, sans-serif;

      --shadow-1: 0 1px 2px rgba(0, 0, 0, 0.35), 0 2px 8px rgba(0, 0, 0, 0.25);
      --shadow-2: 0 8px 28px rgba(0, 0, 0, 0.5);

      --header-height: 56px;
      --content-narrow: 440px;
      --content-normal: 720px;
      --content-wide: 1120px;
    }

    *,
    *::before,
    *::after {
      box-sizing: border-box;
    }

    html {
      -webkit-text-size-adjust: 100%;
      text-size-adjust: 100%;
    }

    body {
      margin: 0;
      min-height: 100vh;
      min-height: 100dvh;
      background: radial-gradient(120% 60% at 50% 0%, #2b2160 0%, rgba(43, 33, 96, 0) 70%), var(--color-bg);
      background-attachment: fixed;
      color: var(--color-text);
      font-family: var(--font-body);
      font-size: 16px;
      line-height: 1.5;
      -webkit-font-smoothing: antialiased;
    }

    #root {
      min-height: 100vh;
      min-height: 100dvh;
      display: flex;
      flex-direction: column;
    }

    h1,
    h2,
    h3,
    h4 {
      font-family: var(--font-display);
      line-height: 1.2;
      margin: 0 0 var(--space-3);
    }
    h1 {
      font-size: 1.6rem;
    }
    h2 {
      font-size: 1.25rem;
    }
    h3 {
      font-size: 1.05rem;
    }
    p {
      margin: 0 0 var(--space-3);
    }

    a {
      color: var(--color-gold);
      text-underline-offset: 2px;
    }
    a:hover {
      color: var(--color-primary-hover);
    }

    img,
    svg {
      max-width: 100%;
    }

    button,
    input,
    select,
    textarea {
      font: inherit;
      color: inherit;
    }

    :focus {
      outline: none;
    }
    :focus-visible {
      outline: 3px solid var(--color-focus);
      outline-offset: 2px;
    }

    ::selection {
      background: var(--color-gold);
      color: var(--color-primary-contrast);
    }

    .visually-hidden {
      position: absolute !important;
      width: 1px;
      height: 1px;
      padding: 0;
      margin: -1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
      white-space: nowrap;
      border: 0;
    }

    @media (min-width: 768px) {
      h1 {
        font-size: 2rem;
      }
    }

    @media (prefers-reduced-motion: reduce) {
      *,
      *::before,
      *::after {
        animation-duration: 0.01ms !important;
        animation-iteration-count: 1 !important;
        transition-duration: 0.01ms !important;
      }
    }
  }
`;
