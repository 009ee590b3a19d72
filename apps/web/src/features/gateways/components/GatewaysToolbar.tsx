import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import { Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
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

export const SEARCH_PLACEHOLDER = 'Search using keyword or name..';

/** Heading ('selected - N' while selecting), search, the view switch and the page's mode buttons. */
export function GatewaysToolbar(props: GatewaysToolbarProps) {
  const { view, mode, canWrite } = props;
  const disabled = props.disabled === true;
  const empty = disabled || props.nothingToDelete === true;
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
        <Typography id="page-title" variant="h5" component="h1">
          Gateways
        </Typography>
        {mode === 'select' && (
          <Typography variant="subtitle1" color="primary" role="status">
            {`selected - ${props.selectedCount}`}
          </Typography>
        )}
      </Stack>
      {/* Gaps, not margins: a wrapped row starts at the left edge (spacing indented it by 8 px on phones). */}
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <TextField
          size="small"
          type="search"
          placeholder={SEARCH_PLACEHOLDER}
          value={props.search}
          disabled={disabled}
          onChange={(event) => props.onSearchChange(event.target.value)}
          slotProps={{ htmlInput: { 'aria-label': SEARCH_PLACEHOLDER } }}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next: GatewayView | null) => next && props.onViewChange(next)}
          aria-label="View"
        >
          <ToggleButton value="grid" aria-label="Grid view">
            <GridViewOutlined fontSize="small" />
          </ToggleButton>
          <ToggleButton value="list" aria-label="List view">
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
            Select gateways
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
              Onboard selected
            </Button>
            <Button size="small" onClick={() => props.onModeChange('browse')}>
              Cancel selection
            </Button>
          </>
        )}
        {mode === 'browse' && canWrite && (
          <Button size="small" variant="outlined" disabled={disabled} onClick={props.onRegister}>
            Register gateway
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
            Delete offline gateways
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
