/**
 * The player's game settings as checkboxes (a fieldset with a legend): reduce motion, and quick
 * spin where it does something (slots). Sound has no box: no game plays sound yet
 * (docs/player-settings.md). The values and what a change does are the caller's.
 */
import { css } from '@linaria/core';
import type { GameSettingName, GameSettings } from '../contract/player-data.ts';
import { CheckboxField } from './checkbox-field.tsx';

const fieldset = css`
  margin: 0;
  padding: 0;
  border: 0;
  display: grid;
  gap: var(--space-2);
  & legend {
    padding: 0;
    margin-bottom: var(--space-2);
    font-weight: 700;
  }
`;
const hint = css`
  margin: 0 0 0 calc(22px + var(--space-3));
  font-size: 0.85rem;
  color: var(--color-text-muted);
`;

export interface GameSettingsFieldsProps {
  settings: GameSettings;
  onChange: (name: GameSettingName, value: boolean) => void;
  /** Show the quick spin box (the slots' page, My Account). */
  showQuickSpin: boolean;
  /** The device asks for reduced motion: games reduce it whatever the box says. */
  deviceReducesMotion: boolean;
  legend?: string;
  /** Said under the boxes, e.g. when a change applies. */
  note?: string;
}

export function GameSettingsFields({
  settings,
  onChange,
  showQuickSpin,
  deviceReducesMotion,
  legend = 'Game settings',
  note,
}: GameSettingsFieldsProps) {
  return (
    <fieldset className={fieldset}>
      <legend>{legend}</legend>
      <CheckboxField
        name="setting-reduced-motion"
        label="Reduce motion in games (no reel spins or card animations)"
        checked={settings.reduced_motion}
        onChange={(e) => onChange('reduced_motion', e.target.checked)}
      />
      {deviceReducesMotion ? (
        <p className={hint}>Your device asks for reduced motion, so games reduce it anyway.</p>
      ) : null}
      {showQuickSpin ? (
        <CheckboxField
          name="setting-quick-spin"
          label="Quick spin (slot reels stop sooner)"
          checked={settings.quick_spin}
          onChange={(e) => onChange('quick_spin', e.target.checked)}
        />
      ) : null}
      {note ? <p className={hint}>{note}</p> : null}
    </fieldset>
  );
}
