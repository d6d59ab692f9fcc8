import { useEffect, useState } from 'react';

/**
 * True once `eligible` has held for `delayMs`; false at once when it stops, and each new
 * stretch of eligibility waits the full delay again.
 */
export function useRevealAfterDelay(eligible: boolean, delayMs: number): boolean {
  // Each stretch of eligibility gets its own number, so a timer from an earlier stretch never
  // reveals a later one.
  const [stretch, setStretch] = useState(0);
  const [wasEligible, setWasEligible] = useState(eligible);
  const [revealedStretch, setRevealedStretch] = useState<number | null>(null);
  if (eligible !== wasEligible) {
    setWasEligible(eligible);
    if (eligible) setStretch(stretch + 1);
  }
  useEffect(() => {
    if (!eligible) return;
    const t = setTimeout(() => setRevealedStretch(stretch), delayMs);
    return () => clearTimeout(t);
  }, [eligible, stretch, delayMs]);
  return eligible && revealedStretch === stretch;
}
