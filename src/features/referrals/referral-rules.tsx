/** The referral reward rules, from the contract (the same numbers the server applies). */
import { referralRuleLines } from '../../contract/referrals.ts';

export function ReferralRules() {
  return (
    <ul data-testid="referral-rules">
      {referralRuleLines().map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
