/** "Continue with Google / Facebook" on this page; loaded beside the form so the page's first load stays small. */
import { useSocialSignIn } from '../../state/use-social-sign-in.ts';
import { SocialSignInButtons } from '../../ui/social-sign-in-buttons.tsx';

export default function SocialSignIn() {
  return <SocialSignInButtons {...useSocialSignIn()} />;
}
