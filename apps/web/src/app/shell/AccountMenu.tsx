import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import { IconButton } from '@mui/material';
import { Suspense, useState } from 'react';
import { useLiveTwoFactorStatus } from '../../features/identity/index.ts';
import { useT } from '../../lib/i18n/index.ts';
import { lazyPage } from '../../lib/lazy-page.ts';

const MENU_ID = 'account-menu';

/** The menu, its entries and their dialogs (2FA, account removal) load when it is first opened. */
const loadPopup = () => import('./AccountMenuPopup.tsx');
const AccountMenuPopup = lazyPage(loadPopup, 'AccountMenuPopup');

export function AccountMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened, the menu stays mounted so that it closes with its transition.
  const [opened, setOpened] = useState(false);
  const open = anchor !== null;
  const t = useT('app');
  // The 2FA switch follows live changes whether or not the menu has been opened.
  useLiveTwoFactorStatus();

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('accountMenu.button')}
        aria-haspopup="true"
        aria-controls={open ? MENU_ID : undefined}
        aria-expanded={open}
        // Pointing at the button or focusing it starts the download, so the menu is there by the click.
        onPointerEnter={() => void loadPopup()}
        onFocus={() => void loadPopup()}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
      >
        <AccountCircleOutlined />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <AccountMenuPopup id={MENU_ID} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
