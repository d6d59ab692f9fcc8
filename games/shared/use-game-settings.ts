/**
 * The player's game settings as the host gives them: at `init` (reduced motion from the device or
 * the player's setting, quick spin), then each `settings` message while the game is open, so a
 * change made on the game page applies from the game's next animation.
 */
import { useEffect, useState } from 'react';
import type { HostBridge, HostInit } from './host-bridge.ts';

export interface GameSettingsView {
  reducedMotion: boolean;
  quickSpin: boolean;
}

const fromInit = (init: HostInit): GameSettingsView => ({
  reducedMotion: init.reduced_motion,
  quickSpin: init.quick_spin ?? false,
});

/** Calls `apply` with the settings at once and after each change; answers the unsubscribe. */
export function followGameSettings(
  bridge: HostBridge,
  apply: (settings: GameSettingsView) => void,
): () => void {
  apply(fromInit(bridge.init));
  return bridge.onHostMessage((message) => {
    if (message.type === 'settings') {
      apply({ reducedMotion: message.reduced_motion, quickSpin: message.quick_spin });
    }
  });
}

export function useGameSettings(bridge: HostBridge): GameSettingsView {
  const [settings, setSettings] = useState<GameSettingsView>(() => fromInit(bridge.init));
  useEffect(
    () =>
      bridge.onHostMessage((message) => {
        if (message.type === 'settings') {
          setSettings({ reducedMotion: message.reduced_motion, quickSpin: message.quick_spin });
        }
      }),
    [bridge],
  );
  return settings;
}
