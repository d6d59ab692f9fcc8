import { useMatches } from 'react-router-dom';
import { NotAvailable } from '../../ui/not-available.tsx';

/** Name of the feature from the deepest route's `handle.feature` (set in the route table). */
function featureName(matches: ReturnType<typeof useMatches>): string {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as { feature?: unknown } | undefined;
    if (handle && typeof handle.feature === 'string' && handle.feature) return handle.feature;
  }
  return 'This page';
}

/** Routes of features not built yet: guarded like the real page, saying plainly that it is not there yet. */
export function FeatureUnavailablePage() {
  const matches = useMatches();
  return <NotAvailable feature={featureName(matches)} />;
}

export default FeatureUnavailablePage;
