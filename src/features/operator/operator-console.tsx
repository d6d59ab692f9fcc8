/**
 * The operator console's sections, shown once an operator is signed in. Loaded beside the console
 * page (operator-page.tsx), so the page's first load carries only its sign-in form.
 */
import { lazy, Suspense } from 'react';
import { AmoeSection } from './amoe-section.tsx';
import { AuditSection } from './audit-section.tsx';
import { GamesSection } from './games-section.tsx';
import { MarketingMailSection } from './marketing-mail-section.tsx';
import { PlayerSection } from './player-section.tsx';
import { PropertiesSection } from './properties-section.tsx';
import { RedemptionsSection } from './redemptions-section.tsx';

/** The promotions editor loads beside the console, not in its first load. */
const PromotionsSection = lazy(() => import('./promotions-section.tsx'));

export function OperatorConsole({ goldOnly, onSignedOut }: { goldOnly: boolean; onSignedOut: () => void }) {
  return (
    <>
      {goldOnly ? null : <RedemptionsSection onSignedOut={onSignedOut} />}
      {goldOnly ? null : <AmoeSection onSignedOut={onSignedOut} />}
      <PlayerSection onSignedOut={onSignedOut} />
      <GamesSection onSignedOut={onSignedOut} />
      <PropertiesSection onSignedOut={onSignedOut} />
      <MarketingMailSection onSignedOut={onSignedOut} />
      <Suspense fallback={null}>
        <PromotionsSection onSignedOut={onSignedOut} />
      </Suspense>
      <AuditSection onSignedOut={onSignedOut} />
    </>
  );
}

export default OperatorConsole;
