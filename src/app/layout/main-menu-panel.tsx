/**
 * The main menu's panel with its items for this player. The item list is built here, in the
 * panel's own chunk, so the menu button (on every page's first render) carries neither.
 */
import { menuItems, type MenuOptions } from '../menu-items.ts';
import MenuPanel from './menu-panel.tsx';

export default function MainMenuPanel({
  options,
  ...panel
}: {
  options: MenuOptions;
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  return <MenuPanel {...panel} items={menuItems(options)} />;
}
