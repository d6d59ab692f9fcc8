/**
 * A tiny, safe renderer for the legal documents' "markdown-lite" bodies (see LegalDocumentSchema):
 * paragraphs separated by blank lines, "## " / "### " headings and "- " list items. Everything
 * is rendered as React text nodes, so a document can never inject markup (no innerHTML).
 */
import type { ReactElement } from 'react';

export type PolicyBlock =
  | { kind: 'heading'; level: 2 | 3; text: string; id: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'paragraph'; text: string };

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

  const flushParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  const flushList = () => {
    if (list?.length) blocks.push({ kind: 'list', items: list });
    list = null;
  };

  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flushParagraph();
      flushList();
      continue;
    }
    const heading = /^(#{2,3})\s+(.+)$/.exec(line);
    if (heading) {
      flushParagraph();
      flushList();
      const text = (heading[2] ?? '').trim();
      blocks.push({ kind: 'heading', level: heading[1] === '##' ? 2 : 3, text, id: slugify(text, ids) });
      continue;
    }
    const item = /^[-*]\s+(.+)$/.exec(line);
    if (item) {
      flushParagraph();
      list ??= [];
      list.push((item[1] ?? '').trim());
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
  return blocks;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
function formatDate(iso: string): string | null {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : dateFormat.format(d);
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
          case 'list':
            return (
              <ul key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </ul>
            );
          default:
            return <p key={i}>{block.text}</p>;
        }
      })}
    </>
  );
}
