import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MemoryOutlined from '@mui/icons-material/MemoryOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import SystemUpdateAltOutlined from '@mui/icons-material/SystemUpdateAltOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import UpdateOutlined from '@mui/icons-material/UpdateOutlined';
import type { ReactElement } from 'react';
import type { AccountMenuEntryId } from '../account-menu.ts';

export const ACCOUNT_MENU_ICONS: Record<AccountMenuEntryId, ReactElement> = {
  changePassword: <LockResetOutlined fontSize="small" />,
  twoFactor: <SecurityOutlined fontSize="small" />,
  gatewayFirmware: <SystemUpdateAltOutlined fontSize="small" />,
  customerFirmware: <MemoryOutlined fontSize="small" />,
  gatewayOs: <UpdateOutlined fontSize="small" />,
  portalConfig: <TuneOutlined fontSize="small" />,
  themeConfig: <PaletteOutlined fontSize="small" />,
  emailTemplates: <EmailOutlined fontSize="small" />,
  removeAccount: <PersonRemoveOutlined fontSize="small" />,
  language: <TranslateOutlined fontSize="small" />,
  appearance: <DarkModeOutlined fontSize="small" />,
  logout: <LogoutOutlined fontSize="small" />,
};
