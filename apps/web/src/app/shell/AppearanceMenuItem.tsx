import type { MenuItemProps } from '@mui/material';
import { useColorScheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/index.ts';
import { ChoiceMenuItem } from './ChoiceMenuItem.tsx';

type Mode = 'system' | 'light' | 'dark';

/** Named in the 'app' catalogue as `appearance.{mode}`. */
const MODES: readonly Mode[] = ['system', 'light', 'dark'];

interface AppearanceMenuItemProps extends Omit<MenuItemProps, 'onChange'> {
  icon: ReactNode;
  label: string;
}

/**
 * The account menu's Appearance entry (ours, docs/ui.md 'Light and dark'): it shows the choice and opens a
 * small menu of System (the operating system's light or dark), Light and Dark. MUI keeps the choice in this
 * browser's localStorage and follows the system while it is System.
 */
export function AppearanceMenuItem(props: AppearanceMenuItemProps) {
  const { mode = 'system', setMode } = useColorScheme();
  const t = useT('app');
  return (
    <ChoiceMenuItem
      {...props}
      menuId="appearance-menu"
      choices={MODES}
      current={MODES.find((each) => each === mode) ?? 'system'}
      nameOf={(each) => t(`appearance.${each}`)}
      onChoose={setMode}
    />
  );
}
