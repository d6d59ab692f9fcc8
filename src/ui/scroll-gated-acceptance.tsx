/**
 * Legal-docs acceptance with scroll gating (spec sections 4 and 5), used by the join form and
 * the updated-terms dialog. The documents that must be scrolled through are shown in a
 * focusable scroll region (arrow keys, Page Down and End scroll it); an end sentinel watched
 * by an IntersectionObserver (or, without one, the scroll position) tells when the player has
 * reached the end. Until then the accept checkbox is disabled, and its description says why;
 * with no document to scroll through it is enabled at once. Reaching the end is announced.
 * The caller keeps `checked` and disables its accept button until it is true.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { css } from '@linaria/core';
import { errorText, fieldWrap } from './field-styles.ts';

export interface GatedDocument {
  type: string;
  title: string;
  body: string;
}

export interface ScrollGatedAcceptanceProps {
  /** The documents to scroll through (scroll_required); empty = nothing to scroll. */
  documents: readonly GatedDocument[];
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Checkbox label (spec section 5). */
  label: ReactNode;
  /** Why the checkbox is disabled / what to do (spec section 5's message). */
  instruction: string;
  /** Announced once the end is reached. */
  reachedEndText: string;
  /** The links under the documents (terms, sweepstakes rules, privacy policy). */
  links?: ReactNode;
  name?: string;
  /** Shown as an error under the checkbox (e.g. after a refused submit). */
  error?: string | null;
  /** Accessible name of the scroll region. */
  regionLabel?: string;
  /** Id of the description, for an accept button to point at with aria-describedby. */
  instructionId?: string;
}

const region = css`
  max-height: 14rem;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: var(--space-3);
  margin-bottom: var(--space-3);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-sm);
  background: #110e26;
  font-size: 0.9rem;
  line-height: 1.5;
  &:focus-visible {
    outline: 3px solid var(--color-focus);
    outline-offset: 1px;
  }
  & h3 {
    font-size: 1rem;
    margin: 0 0 var(--space-2);
  }
  & h4 {
    font-size: 0.95rem;
    margin: var(--space-3) 0 var(--space-1);
  }
  & p,
  & ul {
    margin: 0 0 var(--space-2);
  }
`;
const endLine = css`
  margin: var(--space-3) 0 0;
  font-style: italic;
  color: var(--color-text-muted);
`;
const row = css`
  display: flex;
  align-items: flex-start;
  gap: var(--space-3);
  font-size: 0.95rem;
  cursor: pointer;
`;
const box = css`
  flex: none;
  width: 22px;
  height: 22px;
  margin: 1px 0 0;
  accent-color: var(--color-gold);
  cursor: pointer;
  &:disabled {
    cursor: not-allowed;
  }
`;
const hint = css`
  font-size: 0.85rem;
  color: var(--color-text-muted);
  margin: 0;
`;
const linksLine = css`
  font-size: 0.85rem;
  color: var(--color-text-muted);
  margin: var(--space-2) 0 0;
`;

/** Paragraphs, "## " headings and "- " list items of a markdown-lite body, as text nodes only. */
function DocumentBody({ body }: { body: string }) {
  const blocks = body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  return (
    <>
      {blocks.map((block, i) => {
        if (/^#{2,3} /.test(block)) return <h4 key={i}>{block.replace(/^#+ /, '')}</h4>;
        const lines = block.split('\n');
        if (lines.every((l) => /^\s*(- |\d+\. )/.test(l) || /^\s{2,}/.test(l)))
          return (
            <ul key={i}>
              {lines
                .filter((l) => /^\s*(- |\d+\. )/.test(l))
                .map((l, j) => (
                  <li key={j}>{l.replace(/^\s*(- |\d+\. )/, '')}</li>
                ))}
            </ul>
          );
        return <p key={i}>{lines.join(' ')}</p>;
      })}
    </>
  );
}

/** True once the region is scrolled to (or shows) its end. */
const atEnd = (el: HTMLElement): boolean => el.scrollTop + el.clientHeight >= el.scrollHeight - 4;

export function ScrollGatedAcceptance({
  documents,
  checked,
  onCheckedChange,
  label,
  instruction,
  reachedEndText,
  links,
  name = 'terms',
  error,
  regionLabel = 'Terms and Conditions',
  instructionId,
}: ScrollGatedAcceptanceProps) {
  const ids = useId();
  const hintId = instructionId ?? `${ids}-hint`;
  const errorId = `${ids}-error`;
  const regionRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLParagraphElement>(null);
  const mustScroll = documents.length > 0;
  // Keyed by the documents shown, so a newer text (a version published meanwhile) is read again.
  const docsKey = documents.map((d) => `${d.type}\n${d.body}`).join('\n\n');
  const [reachedKey, setReachedKey] = useState<string | null>(null);
  const reachedEnd = !mustScroll || reachedKey === docsKey;

  const markEnd = useCallback(() => setReachedKey(docsKey), [docsKey]);

  useEffect(() => {
    if (!mustScroll) return;
    const root = regionRef.current;
    const end = endRef.current;
    if (!root || !end) return;
    if (typeof IntersectionObserver === 'function') {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) markEnd();
        },
        { root, threshold: 0 },
      );
      observer.observe(end);
      return () => observer.disconnect();
    }
    // No IntersectionObserver: judge by the scroll position (also when the text fits the box).
    if (atEnd(root)) markEnd();
    const onScroll = () => {
      if (atEnd(root)) markEnd();
    };
    root.addEventListener('scroll', onScroll, { passive: true });
    return () => root.removeEventListener('scroll', onScroll);
  }, [mustScroll, markEnd]);

  // Ticking is undone when a new text must be read.
  useEffect(() => {
    if (!reachedEnd && checked) onCheckedChange(false);
  }, [reachedEnd, checked, onCheckedChange]);

  const describedBy =
    [checked ? null : hintId, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={fieldWrap} data-testid="legal-acceptance">
      {mustScroll ? (
        <div
          ref={regionRef}
          className={region}
          role="region"
          aria-label={`${regionLabel} (scroll to the end)`}
          // Focusable so keyboard users can scroll it with the arrow, Page and End keys.
          tabIndex={0}
          data-testid="legal-scroll-region"
        >
          {documents.map((doc) => (
            <section key={doc.type} aria-label={doc.title}>
              <h3>{doc.title}</h3>
              <DocumentBody body={doc.body} />
            </section>
          ))}
          <p ref={endRef} className={endLine} data-testid="legal-scroll-end">
            End of the {regionLabel}.
          </p>
        </div>
      ) : null}
      <label className={row}>
        <input
          type="checkbox"
          name={name}
          className={box}
          checked={checked}
          disabled={!reachedEnd}
          onChange={(e) => onCheckedChange(e.target.checked)}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
        />
        <span>{label}</span>
      </label>
      {checked ? null : (
        <p id={hintId} className={hint} data-testid="legal-acceptance-hint">
          {instruction}
        </p>
      )}
      <p role="status" className={hint} data-testid="legal-scroll-status">
        {mustScroll && reachedEnd ? reachedEndText : ''}
      </p>
      {error ? (
        <p id={errorId} className={errorText} data-testid={`field-error-${name}`}>
          {error}
        </p>
      ) : null}
      {links ? <p className={linksLine}>{links}</p> : null}
    </div>
  );
}
