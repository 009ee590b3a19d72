import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import { Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useT } from '../../../lib/i18n/index.ts';
import type { GatewayView } from '../gateway-view.ts';

export type PageMode = 'browse' | 'select' | 'delete';

interface GatewaysToolbarProps {
  view: GatewayView;
  onViewChange: (view: GatewayView) => void;
  search: string;
  onSearchChange: (text: string) => void;
  mode: PageMode;
  onModeChange: (mode: PageMode) => void;
  selectedCount: number;
  onOnboard: () => void;
  onRegister: () => void;
  canWrite: boolean;
  canDeleteOffline: boolean;
  /** The customer could not be read (unknown or out of reach): every action is disabled. */
  disabled?: boolean;
  /** The customer has no gateway: selecting and deleting have nothing to work on. */
  nothingToDelete?: boolean;
}

/** Heading ('selected - N' while selecting), search, the view switch and the page's mode buttons. */
export function GatewaysToolbar(props: GatewaysToolbarProps) {
  const t = useT('gateways');
  const searchPlaceholder = t('toolbar.search');
  const { view, mode, canWrite } = props;
  const disabled = props.disabled === true;
  const empty = disabled || props.nothingToDelete === true;
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
        <Typography id="page-title" variant="h5" component="h1">
          {t('title')}
        </Typography>
        {mode === 'select' && (
          <Typography variant="subtitle1" color="primary" role="status">
            {t('toolbar.selected', { selected: props.selectedCount })}
          </Typography>
        )}
      </Stack>
      {/* Gaps, not margins: a wrapped row starts at the left edge (spacing indented it by 8 px on phones). */}
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <TextField
          size="small"
          type="search"
          placeholder={searchPlaceholder}
          value={props.search}
          disabled={disabled}
          onChange={(event) => props.onSearchChange(event.target.value)}
          slotProps={{ htmlInput: { 'aria-label': searchPlaceholder } }}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next: GatewayView | null) => next && props.onViewChange(next)}
          aria-label={t('toolbar.view')}
        >
          <ToggleButton value="grid" aria-label={t('toolbar.grid')}>
            <GridViewOutlined fontSize="small" />
          </ToggleButton>
          <ToggleButton value="list" aria-label={t('toolbar.list')}>
            <ViewListOutlined fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
        {mode === 'browse' && canWrite && (
          <Button
            size="small"
            variant="outlined"
            disabled={empty}
            onClick={() => props.onModeChange('select')}
          >
            {t('toolbar.selectGateways')}
          </Button>
        )}
        {mode === 'select' && (
          <>
            <Button
              size="small"
              variant="contained"
              disabled={props.selectedCount === 0}
              onClick={props.onOnboard}
            >
              {t('toolbar.onboardSelected')}
            </Button>
            <Button size="small" onClick={() => props.onModeChange('browse')}>
              {t('toolbar.cancelSelection')}
            </Button>
          </>
        )}
        {mode === 'browse' && canWrite && (
          <Button size="small" variant="outlined" disabled={disabled} onClick={props.onRegister}>
            {t('toolbar.register')}
          </Button>
        )}
        {mode === 'browse' && props.canDeleteOffline && (
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={empty}
            onClick={() => props.onModeChange('delete')}
          >
            {t('toolbar.deleteOffline')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
