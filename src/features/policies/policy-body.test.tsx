import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { PolicyBody, parsePolicyBody, splitLastUpdated } from './policy-body.tsx';

describe('parsePolicyBody', () => {
  it('splits paragraphs on blank lines and joins wrapped lines', () => {
    expect(parsePolicyBody('First line\nstill first.\n\nSecond.')).toEqual([
      { kind: 'paragraph', text: 'First line still first.' },
      { kind: 'paragraph', text: 'Second.' },
    ]);
  });

  it('reads "## " and "### " headings with unique ids', () => {
    const blocks = parsePolicyBody('## 1. Eligibility\ntext\n## 1. Eligibility\n### Small print');
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, text: '1. Eligibility', id: '1-eligibility' },
      { kind: 'paragraph', text: 'text' },
      { kind: 'heading', level: 2, text: '1. Eligibility', id: '1-eligibility-2' },
      { kind: 'heading', level: 3, text: 'Small print', id: 'small-print' },
    ]);
  });

  it('groups consecutive "- " items into one list and continues indented lines', () => {
    const blocks = parsePolicyBody('Intro:\n- one\n- two\n  wraps here\n\n- three');
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'Intro:' },
      { kind: 'list', ordered: false, items: ['one', 'two wraps here'] },
      { kind: 'list', ordered: false, items: ['three'] },
    ]);
  });

  it('ends a list at an unindented text line and handles CRLF', () => {
    expect(parsePolicyBody('- a\r\nAfter the list')).toEqual([
      { kind: 'list', ordered: false, items: ['a'] },
      { kind: 'paragraph', text: 'After the list' },
    ]);
  });

  it('treats a single "#" line as text and ignores empty bodies', () => {
    expect(parsePolicyBody('# not a heading')).toEqual([{ kind: 'paragraph', text: '# not a heading' }]);
    expect(parsePolicyBody('\n\n  \n')).toEqual([]);
  });
});

describe('PolicyBody', () => {
  afterEach(cleanup);

  it('renders headings, lists and paragraphs as elements', () => {
    render(<PolicyBody body={'## Tools\n- Limits\n- Breaks\n\nCall us.'} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Tools' }).id).toBe('tools');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Limits', 'Breaks']);
    expect(screen.getByText('Call us.').tagName).toBe('P');
  });

  it('renders pipe tables with a header row, numbered lists and **strong** / `code` text', () => {
    const body =
      '| Hand | Pays |\n| --- | ---: |\n| Royal flush | **800** |\n| Two pair | 2 |\n\n1. Deal\n2. Draw `fast`';
    render(<PolicyBody body={body} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Hand', 'Pays']);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('800').tagName).toBe('STRONG');
    expect(screen.getByRole('region', { name: 'Hand, Pays' })).toBeTruthy();
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(screen.getByText('fast').tagName).toBe('CODE');
  });

  it('never turns document text into markup', () => {
    const { container } = render(<PolicyBody body={'<img src=x onerror="alert(1)"> <b>bold</b>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"> <b>bold</b>');
  });
});

describe('splitLastUpdated', () => {
  it("prefers the document's own 'Last updated' line and removes it from the body", () => {
    expect(splitLastUpdated('Last updated: January 15, 2026\n\nText.', '2026-11-21T07:50:00Z')).toEqual({
      updated: 'January 15, 2026',
      body: 'Text.',
    });
  });

  it('falls back to the record date when the body has no such line', () => {
    expect(splitLastUpdated('Text.', '2026-03-02T12:00:00Z')).toEqual({
      updated: 'March 2, 2026',
      body: 'Text.',
    });
    expect(splitLastUpdated('Text.', 'not a date')).toEqual({ updated: null, body: 'Text.' });
  });
});
