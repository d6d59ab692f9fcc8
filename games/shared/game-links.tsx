/** The game page's links to the host: its Official Game Rules and the player's recent rounds. */
import type { HostBridge } from './host-bridge.ts';

interface GameLinksProps {
  bridge: HostBridge;
  className: string;
  /** The navigation landmark's name; a page that never named it leaves it out. */
  label?: string;
  buttonClassName?: string;
}

export function GameLinks({ bridge, className, label, buttonClassName }: GameLinksProps) {
  return (
    <nav className={className} aria-label={label}>
      <button type="button" className={buttonClassName} onClick={() => bridge.navigate('rules')}>
        Rules
      </button>
      <button type="button" className={buttonClassName} onClick={() => bridge.navigate('recall')}>
        Recent rounds
      </button>
    </nav>
  );
}
