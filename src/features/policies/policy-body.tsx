/**
 * A tiny, safe renderer for the legal documents' "markdown-lite" bodies (see LegalDocumentSchema):
 * paragraphs separated by blank lines, "## " / "### " headings, "- " and "1. " list items, pipe
 * tables ("| a | b |" rows, the "| --- |" line under the header) and, inside text, **strong** and
 * `code`. Everything is rendered as React text nodes, so a document can never inject markup (no
 * innerHTML). The Official Game Rules carry each game's pay table, hence tables.
 */
import type { ReactElement, ReactNode } from 'react';
import { css } from '@linaria/core';
import { lazyDateTimeFormat } from '../../contract/lazy-date-format.ts';

export type PolicyBlock =
  | { kind: 'heading'; level: 2 | 3; text: string; id: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'paragraph'; text: string };

const TABLE_ROW = /^\|(.+)\|$/;
const TABLE_RULE = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/;
const cellsOf = (line: string): string[] =>
  (TABLE_ROW.exec(line)?.[1] ?? '').split('|').map((cell) => cell.trim());

/** A URL fragment for a heading: lower-case words joined by dashes, unique within the document. */
export function slugify(text: string, taken: Set<string>): string {
  const base =
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section';
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

/** Splits a body into blocks. Consecutive text lines form one paragraph; list items may wrap onto indented lines. */
export function parsePolicyBody(body: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = [];
  const ids = new Set<string>();
  let paragraph: string[] = [];
  let list: string[] | null = null;
  let ordered = false;
  let table: string[][] | null = null;

  const flushParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  const flushList = () => {
    if (list?.length) blocks.push({ kind: 'list', ordered, items: list });
    list = null;
  };
  const flushTable = () => {
    // The first row is the header; the "| --- |" rule under it was dropped when read.
    if (table?.length) blocks.push({ kind: 'table', header: table[0] ?? [], rows: table.slice(1) });
    table = null;
  };

  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flushParagraph();
      flushList();
      flushTable();
      continue;
    }
    if (TABLE_ROW.test(line)) {
      flushParagraph();
      flushList();
      table ??= [];
      if (!TABLE_RULE.test(line)) table.push(cellsOf(line));
      continue;
    }
    flushTable();
    const heading = /^(#{2,3})\s+(.+)$/.exec(line);
    if (heading) {
      flushParagraph();
      flushList();
      const text = (heading[2] ?? '').trim();
      blocks.push({ kind: 'heading', level: heading[1] === '##' ? 2 : 3, text, id: slugify(text, ids) });
      continue;
    }
    const item = /^([-*]|\d+\.)\s+(.+)$/.exec(line);
    if (item) {
      flushParagraph();
      const isOrdered = item[1] !== '-' && item[1] !== '*';
      if (list && ordered !== isOrdered) flushList();
      ordered = isOrdered;
      list ??= [];
      list.push((item[2] ?? '').trim());
      continue;
    }
    if (list && /^\s/.test(raw)) {
      // An indented line continues the previous list item.
      list[list.length - 1] += ` ${line}`;
      continue;
    }
    flushList();
    paragraph.push(line);
  }
  flushParagraph();
  flushList();
  flushTable();
  return blocks;
}

/** **strong** and `code` inside a line, as React nodes; anything else stays plain text. */
export function inlineText(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|`([^`]+)`/g;
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m.index > last) nodes.push(text.slice(last, m.index));
    nodes.push(
      m[1] !== undefined ? <strong key={m.index}>{m[1]}</strong> : <code key={m.index}>{m[2]}</code>,
    );
    last = m.index + m[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

const dateFormat = lazyDateTimeFormat({
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
function formatDate(iso: string): string | null {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : dateFormat().format(d);
}

const LAST_UPDATED_LINE = /^\s*Last updated:?\s*(.+?)\s*(?:\n|$)/i;

/**
 * A document may open with its own "Last updated: <date>" line; that date is the document's
 * and wins over the record's creation time (which is when it was published to this server).
 */
export function splitLastUpdated(
  body: string,
  timestampCreated: string,
): { updated: string | null; body: string } {
  const m = LAST_UPDATED_LINE.exec(body);
  if (m?.[1]) return { updated: m[1], body: body.slice(m[0].length) };
  return { updated: formatDate(timestampCreated), body };
}

/** Wide tables scroll on their own at 360 px instead of widening the page. */
const tableWrap = css`
  overflow-x: auto;
  margin: var(--space-3) 0;
  & table {
    border-collapse: collapse;
    font-variant-numeric: tabular-nums;
  }
  & th,
  & td {
    border: 1px solid var(--color-border);
    padding: var(--space-1) var(--space-2);
    text-align: left;
  }
`;

export function PolicyBody({ body }: { body: string }): ReactElement {
  const blocks = parsePolicyBody(body);
  return (
    <>
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'heading':
            return block.level === 2 ? (
              <h2 key={i} id={block.id}>
                {block.text}
              </h2>
            ) : (
              <h3 key={i} id={block.id}>
                {block.text}
              </h3>
            );
          case 'list': {
            const items = block.items.map((item, j) => <li key={j}>{inlineText(item)}</li>);
            return block.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
          }
          case 'table':
            return (
              <div
                key={i}
                className={tableWrap}
                tabIndex={0}
                role="region"
                aria-label={block.header.join(', ')}
              >
                <table>
                  <thead>
                    <tr>
                      {block.header.map((cell, j) => (
                        <th key={j} scope="col">
                          {inlineText(cell)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {block.rows.map((row, r) => (
                      <tr key={r}>
                        {row.map((cell, j) => (
                          <td key={j}>{inlineText(cell)}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          default:
            return <p key={i}>{inlineText(block.text)}</p>;
        }
      })}
    </>
  );
}
