/**
 * The join form's terms (spec sections 4 and 5): the scroll-required documents to read, the
 * accept checkbox they gate, and links to the terms, sweepstakes rules and privacy policy. While
 * the documents load it says so; when they cannot be loaded it offers to try again. Loaded
 * lazily by the join page.
 */
import { LEGAL_ACCEPTANCE_TEXTS } from '../../contract/legal-acceptance.ts';
import { Button } from '../../ui/button.tsx';
import { errorText } from '../../ui/field-styles.ts';
import { LegalDocumentLinks } from '../../ui/legal-document-links.tsx';
import { ScrollGatedAcceptance, type GatedDocument } from '../../ui/scroll-gated-acceptance.tsx';

export interface JoinTermsProps {
  /** The scroll-required documents; null while they load. */
  documents: readonly GatedDocument[] | null;
  loadFailed: boolean;
  onRetry: () => void;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error: string | undefined;
  /** Id of the instruction the submit button points at while the box is not ticked. */
  instructionId: string;
  goldOnly: boolean;
}

export function JoinTerms({
  documents,
  loadFailed,
  onRetry,
  checked,
  onCheckedChange,
  error,
  instructionId,
  goldOnly,
}: JoinTermsProps) {
  if (documents)
    return (
      <ScrollGatedAcceptance
        documents={documents}
        checked={checked}
        onCheckedChange={onCheckedChange}
        error={error}
        label={LEGAL_ACCEPTANCE_TEXTS.checkbox}
        instruction={LEGAL_ACCEPTANCE_TEXTS.mustAccept}
        reachedEndText={LEGAL_ACCEPTANCE_TEXTS.reachedEnd}
        instructionId={instructionId}
        links={<LegalDocumentLinks goldOnly={goldOnly} />}
      />
    );
  if (loadFailed)
    return (
      <p className={errorText} data-testid="legal-load-error">
        We could not load the Terms and Conditions.{' '}
        <Button variant="ghost" onClick={onRetry}>
          Try again
        </Button>
      </p>
    );
  return <p data-testid="legal-loading">Loading the Terms and Conditions…</p>;
}
