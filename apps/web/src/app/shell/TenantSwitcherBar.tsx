import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { Box, Breadcrumbs, Button, Link, ListSubheader, Menu, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ROOT_HOME_PATH } from '../../lib/home-path.ts';
import { useT } from '../../lib/i18n/index.ts';
import { filterEntries, type SwitcherEntry, switchTargetPath } from '../viewed-tenant.ts';

const MENU_ID = 'customer-switcher';
/** Above this many customers the switcher offers a search field. */
const SEARCH_FROM = 8;

function CustomerSwitcher({ entries, current }: { entries: SwitcherEntry[]; current: string }) {
  const { pathname } = useLocation();
  const t = useT('app');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [text, setText] = useState('');
  const close = () => {
    setAnchor(null);
    setText('');
  };
  const currentName = entries.find((entry) => entry.id === current)?.name ?? '';
  const shown = filterEntries(entries, text);
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ArrowDropDown />}
        aria-label={t('switcher.button', { name: currentName })}
        aria-haspopup="true"
        aria-controls={anchor ? MENU_ID : undefined}
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', fontWeight: 600, maxWidth: { xs: 200, sm: 360 }, minWidth: 0 }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {currentName}
        </Box>
      </Button>
      <Menu
        id={MENU_ID}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ paper: { sx: { maxHeight: 420, minWidth: 240 } } }}
      >
        {entries.length > SEARCH_FROM && (
          <ListSubheader sx={{ pt: 1, pb: 1 }} onKeyDown={(event) => event.stopPropagation()}>
            <TextField
              size="small"
              fullWidth
              autoFocus
              placeholder={t('switcher.search')}
              slotProps={{ htmlInput: { 'aria-label': t('switcher.search'), maxLength: 100 } }}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </ListSubheader>
        )}
        {shown.map((entry) => (
          <MenuItem
            key={entry.id}
            component={RouterLink}
            to={switchTargetPath(pathname, entry.id)}
            selected={entry.id === current}
            onClick={close}
            sx={{ pl: 2 + entry.depth * 2 }}
          >
            {entry.name}
          </MenuItem>
        ))}
        {shown.length === 0 && <MenuItem disabled>{t('switcher.none')}</MenuItem>}
      </Menu>
    </>
  );
}

interface TenantSwitcherBarProps {
  isRootUser: boolean;
  entries: SwitcherEntry[];
  current: string;
}

/** The bar TenantContextBar.tsx shows (and loads) when there is somewhere to go: back, or to another customer. */
export function TenantSwitcherBar({ isRootUser, entries, current }: TenantSwitcherBarProps) {
  const t = useT('app');
  return (
    <Breadcrumbs
      aria-label={t('switcher.label')}
      sx={{ mb: 2, minHeight: 36, display: 'flex', alignItems: 'center' }}
    >
      {isRootUser && (
        <Link
          component={RouterLink}
          to={ROOT_HOME_PATH}
          underline="hover"
          color="inherit"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <ArrowBack fontSize="small" />
          {t('switcher.customers')}
        </Link>
      )}
      {entries.length > 0 && <CustomerSwitcher entries={entries} current={current} />}
    </Breadcrumbs>
  );
}
