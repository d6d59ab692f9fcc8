/** Ids that tie a field's label, hint and error text to its control (for screen readers). */
import { useId } from 'react';

export interface FieldIds {
  controlId: string;
  hintId: string | null;
  errorId: string | null;
}

export function useFieldIds(name: string, id: string | undefined, hint: unknown, error: unknown): FieldIds {
  const autoId = useId();
  const controlId = id ?? `${name}-${autoId}`;
  return {
    controlId,
    hintId: hint ? `${controlId}-hint` : null,
    errorId: error ? `${controlId}-error` : null,
  };
}
