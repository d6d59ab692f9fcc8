import { useOnline } from '../../pwa/online-status.ts';
import { Link, useLocation } from 'react-router-dom';
import { css } from '@linaria/core';

import { API_PATHS } from '../../contract/api-paths.ts';
import { POLICY_PAGES } from '../../contract/routes.ts';
import { LegalDocumentsResponseSchema } from '../../contract/schemas.ts';
import { useApiGet } from '../../lib/swr.tsx';
import { Page, Card, Notice } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Button } from '../../ui/button.tsx';
import { linkList, lede, prose } from '../../ui/prose.ts';
import { PolicyBody, parsePolicyBody, splitLastUpdated } from './policy-body.tsx';
import { usePrefetchedPolicyDocuments } from './use-prefetched-policy-documents.ts';

const layout = css`
  display: grid;
  gap: var(--space-4);
  @media (min-width: 960px) {
    grid-template-columns: minmax(0, 1fr) 260px;
    align-items: start;
  }
`;
// The document is longer than a phone screen: reserving a screen's height while it loads keeps the
// policy list and the footer below the fold, so nothing in view moves when the text arrives.
const documentCard = css`
  min-height: 100vh;
`;
const aside = css`
  @media (min-width: 960px) {
    position: sticky;
    top: calc(var(--header-height) + var(--space-4));
  }
  & h2 {
    font-size: 1rem;
    margin-bottom: var(--space-3);
  }
`;
const sections = css`
  margin: 0 0 var(--space-5);
  padding: var(--space-3) var(--space-4);
  border-radius: var(--radius-md);
  background: var(--color-surface-2);
  & p {
    margin: 0 0 var(--space-2);
    font-weight: 700;
  }
  && ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  && li {
    margin: 0;
  }
  & a {
    display: inline-block;
    padding: var(--space-1) 0;
  }
`;

/** One of the five policy pages; which one comes from the path (POLICY_PAGES). */
export function PolicyPage() {
  const online = useOnline();
  const { pathname } = useLocation();
  const entry = POLICY_PAGES.find((p) => p.path === pathname.replace(/\/+$/, '')) ?? POLICY_PAGES[0];
  usePrefetchedPolicyDocuments();
  const { data, error, isLoading, mutate } = useApiGet(
    API_PATHS.legalDocuments,
    LegalDocumentsResponseSchema,
    {
      handleErrors: false,
    },
  );
  const doc = data?.results.find((d) => d.type === entry.type);
  const { updated, body } = doc
    ? splitLastUpdated(doc.body, doc.timestamp_created)
    : { updated: null, body: '' };
  const headings = parsePolicyBody(body).filter((b) => b.kind === 'heading' && b.level === 2);
  const offline = !online;

  let content;
  if (doc) {
    content = (
      <article className={prose} aria-labelledby="page-title">
        {updated ? <p className={lede}>Last updated {updated}</p> : null}
        {headings.length >= 3 ? (
          <nav aria-label="Contents" className={sections}>
            <p aria-hidden="true">Contents</p>
            <ul>
              {headings.map((h) =>
                h.kind === 'heading' ? (
                  <li key={h.id}>
                    <a href={`#${h.id}`}>{h.text}</a>
                  </li>
                ) : null,
              )}
            </ul>
          </nav>
        ) : null}
        <PolicyBody body={body} />
      </article>
    );
  } else if (error && !isLoading) {
    content = (
      <Notice tone={offline ? 'warning' : 'error'} testId="policy-error">
        <p>
          {offline
            ? `You're offline, and this policy hasn't been saved on this device yet. Connect to the internet to read the ${entry.title}.`
            : `We couldn't load the ${entry.title} right now. Please try again in a moment.`}
        </p>
        <Button variant="secondary" onClick={() => void mutate()}>
          Try again
        </Button>
      </Notice>
    );
  } else if (data) {
    content = (
      <Notice tone="warning">
        <p>The {entry.title} is not published yet. Please check back soon.</p>
      </Notice>
    );
  } else {
    content = <Spinner label={`Loading the ${entry.title}...`} />;
  }

  return (
    <Page title={entry.title} width="wide">
      <div className={layout}>
        <Card as="div" className={documentCard}>
          {content}
        </Card>
        <Card as="div" className={aside}>
          <nav aria-label="Policies">
            <h2>Our policies</h2>
            <ul className={linkList}>
              {POLICY_PAGES.map((p) => (
                <li key={p.path}>
                  <Link to={p.path} aria-current={p.path === entry.path ? 'page' : undefined}>
                    {p.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Card>
      </div>
    </Page>
  );
}

export default PolicyPage;
