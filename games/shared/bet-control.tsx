/**
 * A bet stepper: "Decrease bet" (−) and "Increase bet" (+) around the bet's value, announced when
 * it changes. The page names the group (e.g. "Bet", "Ticket price") and words the value.
 */
import type { ReactNode } from 'react';

interface StepperBetControlProps {
  /** Class of the group; its value line gets `${className}-value`. */
  className: string;
  label: string;
  children: ReactNode;
  canDecrease: boolean;
  canIncrease: boolean;
  onDecrease(): void;
  onIncrease(): void;
}

export function StepperBetControl({
  className,
  label,
  children,
  canDecrease,
  canIncrease,
  onDecrease,
  onIncrease,
}: StepperBetControlProps) {
  return (
    <div className={className} role="group" aria-label={label}>
      <button type="button" aria-label="Decrease bet" disabled={!canDecrease} onClick={onDecrease}>
        −
      </button>
      <p className={`${className}-value`} aria-live="polite">
        {children}
      </p>
      <button type="button" aria-label="Increase bet" disabled={!canIncrease} onClick={onIncrease}>
        +
      </button>
    </div>
  );
}
