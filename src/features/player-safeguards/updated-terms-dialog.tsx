/**
 * The updated-terms dialog {acceptedTerms} (spec sections 2 and 4): new versions of the documents
 * that must be accepted, with the scroll gating of the join form. It cannot be dismissed: the
 * player accepts (then plays on) or signs out. It closes by itself when nothing is pending any
 * more (accepted in another tab).
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import { LEGAL_ACCEPTANCE_ERROR_CODES, LEGAL_ACCEPTANCE_TEXTS } from '../../contract/legal-acceptance.ts';
import { PROPERTY_NAMES } from '../../contract/properties.ts';
import { isTrue } from '../../lib/use-named-properties.ts';
import { isApiError } from '../../lib/api-client.ts';
import { acceptLegalDocuments, usePendingLegalDocuments } from '../../lib/responsible-play-api.ts';
import { logout } from '../../state/session-actions.ts';
import { store } from '../../state/store.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';
import { errorText } from '../../ui/field-styles.ts';
import { LegalDocumentLinks } from '../../ui/legal-document-links.tsx';
import { ScrollGatedAcceptance } from '../../ui/scroll-gated-acceptance.tsx';

const HINT_ID = 'updated-terms-hint';
const changedList = css`
  margin: 0 0 var(--space-3);
  padding-left: var(--space-4);
`;

export function UpdatedTermsDialog({ close }: DialogComponentProps) {
  const pending = usePendingLegalDocuments(true);
  const documents = pending.data?.results ?? [];
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const nothingPending = pending.data !== undefined && documents.length === 0;
  // Gold-only mode has no sweepstakes: its rules are not linked (as on the join form).
  const goldOnly = isTrue(useSnapshot(store.properties).values[PROPERTY_NAMES.goldOnlyMode]);

  useEffect(() => {
    if (nothingPending) close({ acceptedTerms: true });
  }, [nothingPending, close]);

  async function accept() {
    setBusy(true);
    setProblem(null);
    try {
      const after = await acceptLegalDocuments(documents.map((d) => ({ type: d.type, version: d.version })));
      await pending.mutate(after, { revalidate: false });
      if (after.results.length === 0) close({ acceptedTerms: true });
    } catch (error) {
      // A newer version was published meanwhile: it replaces the text, to be read and accepted.
      if (isApiError(error) && error.code === LEGAL_ACCEPTANCE_ERROR_CODES.DOCUMENT_VERSION_OUTDATED)
        void pending.mutate();
      setProblem(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const signOut = () => {
    close({ acceptedTerms: false });
    void logout();
  };

  return (
    <Dialog
      open
      dismissible={false}
      onClose={signOut}
      title={LEGAL_ACCEPTANCE_TEXTS.updatedTitle}
      testId="dialog-updated-terms"
      actions={
        <>
          <Button variant="secondary" onClick={signOut}>
            Sign out
          </Button>
          <Button
            onClick={() => void accept()}
            disabled={!checked || busy || documents.length === 0}
            loading={busy}
            aria-describedby={checked ? undefined : HINT_ID}
          >
            Accept and continue
          </Button>
        </>
      }
    >
      <p>{LEGAL_ACCEPTANCE_TEXTS.updatedIntro}</p>
      {documents.length > 0 ? (
        <>
          <ul className={changedList} aria-label="Updated documents">
            {documents.map((d) => (
              <li key={d.type}>
                {d.title} (version {d.version}, {new Date(d.timestamp_created).toLocaleDateString('en-US')})
              </li>
            ))}
          </ul>
          <ScrollGatedAcceptance
            documents={documents.filter((d) => d.scroll_required)}
            checked={checked}
            onCheckedChange={setChecked}
            label={LEGAL_ACCEPTANCE_TEXTS.checkbox}
            instruction={LEGAL_ACCEPTANCE_TEXTS.mustAccept}
            reachedEndText={LEGAL_ACCEPTANCE_TEXTS.reachedEnd}
            instructionId={HINT_ID}
            links={<LegalDocumentLinks goldOnly={goldOnly} />}
          />
        </>
      ) : pending.error ? (
        <p className={errorText}>
          We could not load the updated documents.{' '}
          <Button variant="ghost" onClick={() => void pending.mutate()}>
            Try again
          </Button>
        </p>
      ) : (
        <p>Loading…</p>
      )}
      {problem ? (
        <p className={errorText} role="alert" data-testid="updated-terms-error">
          {problem}
        </p>
      ) : null}
    </Dialog>
  );
}
