import {
  Box,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Toolbar,
} from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { scopedPath } from '../../lib/home-path.ts';
import { useT } from '../../lib/i18n/index.ts';
import { useSession } from '../../lib/session.ts';
import { type NavItem, visibleNavItems } from '../navigation.ts';
import { HintTooltip } from './HintTooltip.tsx';
import { NAV_ICONS } from './nav-icons.tsx';

/** Spec 000 section 2: 240 px wide, 80 px collapsed. */
export const NAV_WIDTH = 240;
export const NAV_COLLAPSED_WIDTH = 80;

const isActive = (item: NavItem, pathname: string) =>
  pathname === item.path || pathname.startsWith(`${item.path}/`);

function NavLink({ item, collapsed, tenantId }: { item: NavItem; collapsed: boolean; tenantId: string }) {
  const { pathname } = useLocation();
  const t = useT('app');
  const active = isActive(item, pathname);
  const label = t(`nav.${item.id}`);
  return (
    <ListItem disablePadding>
      <HintTooltip title={collapsed ? label : ''} placement="right">
        <ListItemButton
          component={RouterLink}
          to={scopedPath(item.path, tenantId)}
          selected={active}
          aria-current={active ? 'page' : undefined}
          aria-label={collapsed ? label : undefined}
          sx={{ minHeight: 48, justifyContent: collapsed ? 'center' : 'flex-start', px: 2.5 }}
        >
          <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 2, justifyContent: 'center' }}>
            {NAV_ICONS[item.id]}
          </ListItemIcon>
          {!collapsed && <ListItemText primary={label} />}
        </ListItemButton>
      </HintTooltip>
    </ListItem>
  );
}

interface SideNavProps {
  /** Below 600 px: a drawer over the screen, open or not. */
  phone: boolean;
  drawerOpen: boolean;
  closeDrawer: () => void;
  /** Otherwise: the 80 px icon rail, or the 240 px list. */
  collapsed: boolean;
}

export function SideNav({ phone, drawerOpen, closeDrawer, collapsed }: SideNavProps) {
  const session = useSession();
  const t = useT('app');
  const items = visibleNavItems(session);
  const adminItems = items.filter((item) => item.section === 'admin');
  const railOnly = collapsed && !phone;
  const width = railOnly ? NAV_COLLAPSED_WIDTH : NAV_WIDTH;
  const link = (item: NavItem) => (
    <NavLink key={item.id} item={item} collapsed={railOnly} tenantId={session.tenantId} />
  );
  const content = (
    <>
      <Toolbar />
      <Box component="nav" aria-label={t('nav.label')} data-collapsed={railOnly}>
        <List>{items.filter((item) => item.section === 'main').map(link)}</List>
        {adminItems.length > 0 && (
          <>
            <Divider />
            <List
              subheader={
                railOnly ? undefined : <ListSubheader component="li">{t('nav.admin')}</ListSubheader>
              }
            >
              {adminItems.map(link)}
            </List>
          </>
        )}
      </Box>
    </>
  );

  if (phone) {
    return (
      <Drawer
        variant="temporary"
        open={drawerOpen}
        onClose={closeDrawer}
        ModalProps={{ keepMounted: true }}
        sx={{ '& .MuiDrawer-paper': { width: NAV_WIDTH, boxSizing: 'border-box' } }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          transition: (theme) => theme.transitions.create('width'),
        },
      }}
    >
      {content}
    </Drawer>
  );
}
