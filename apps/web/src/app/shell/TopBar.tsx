import MenuIcon from '@mui/icons-material/Menu';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { AppBar, Box, IconButton, Link, Toolbar, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { homePathFor, LOGIN_PATH } from '../../lib/home-path.ts';
import { useT } from '../../lib/i18n/index.ts';
import { useSession } from '../../lib/session.ts';
import { canUseGlobalSearch } from '../navigation.ts';
import { useBranding } from '../use-branding.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { HintTooltip } from './HintTooltip.tsx';
import { LiveStatusIndicator } from './LiveStatusIndicator.tsx';

interface TopBarProps {
  navExpanded: boolean;
  onToggleNav: () => void;
}

export const GLOBAL_SEARCH_PATH = '/global-search';

/**
 * Navigation toggle, the tenant's logo or name (a link home), the global gateway search, live status and the
 * account menu.
 */
export function TopBar({ navExpanded, onToggleNav }: TopBarProps) {
  const session = useSession();
  const branding = useBranding();
  const t = useT('app');
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t('nav.toggle')}
          aria-expanded={navExpanded}
          onClick={onToggleNav}
          sx={{ mr: 2 }}
        >
          <MenuIcon />
        </IconButton>
        <Link
          component={RouterLink}
          to={homePathFor(session) ?? LOGIN_PATH}
          color="inherit"
          underline="none"
          sx={{ display: 'inline-flex', alignItems: 'center', minWidth: 0 }}
        >
          {branding.logoUrl ? (
            <Box
              component="img"
              src={branding.logoUrl}
              alt={branding.name}
              sx={{ height: 40, maxWidth: 200, objectFit: 'contain' }}
            />
          ) : (
            <Typography variant="h6" component="span" noWrap>
              {branding.name}
            </Typography>
          )}
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        {canUseGlobalSearch(session) && (
          <HintTooltip title={t('globalSearch')}>
            <IconButton
              color="inherit"
              component={RouterLink}
              to={GLOBAL_SEARCH_PATH}
              aria-label={t('globalSearch')}
            >
              <SearchOutlined />
            </IconButton>
          </HintTooltip>
        )}
        <LiveStatusIndicator />
        <AccountMenu />
      </Toolbar>
    </AppBar>
  );
}
