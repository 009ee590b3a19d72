import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import {
  AppBar,
  Box,
  Dialog,
  Drawer,
  IconButton,
  Popover,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';

/** Spec 001 section 2: at this width or less the alerts and the interval open through icons. */
export const NARROW_MEDIA_QUERY = '(max-width:1024px)';
const ALERTS_WIDTH = 360;

interface GraphDialogFrameProps {
  title: string;
  open: boolean;
  onClose: () => void;
  /** The interval selector. */
  interval: ReactNode;
  charts: ReactNode;
  alerts: ReactNode;
  /** The range in words, above the charts, on every width. */
  caption?: ReactNode;
}

/**
 * A full-screen graph dialog: title, interval selector, charts and an alerts side panel. At 1024 px or less
 * the interval opens through a 'Filter' icon and the alerts through an 'Alerts' icon.
 */
export function GraphDialogFrame({
  title,
  open,
  onClose,
  interval,
  charts,
  alerts,
  caption,
}: GraphDialogFrameProps) {
  const titleId = useId();
  const t = useT('telemetry');
  const common = useT('common');
  const narrow = useMediaQuery(NARROW_MEDIA_QUERY);
  const [filterAnchor, setFilterAnchor] = useState<HTMLElement | null>(null);
  const [alertsOpen, setAlertsOpen] = useState(false);
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId}>
      <AppBar position="static" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" noWrap sx={{ flex: 1 }}>
            {title}
          </Typography>
          {narrow ? (
            <>
              <Tooltip title={t('frame.filter')}>
                <IconButton
                  aria-label={t('frame.filter')}
                  onClick={(event) => setFilterAnchor(event.currentTarget)}
                >
                  <FilterListIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('frame.alerts')}>
                <IconButton aria-label={t('frame.alerts')} onClick={() => setAlertsOpen(true)}>
                  <NotificationsIcon />
                </IconButton>
              </Tooltip>
            </>
          ) : (
            interval
          )}
          <Tooltip title={common('close')}>
            <IconButton aria-label={common('close')} edge="end" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Box sx={{ flex: 1, minWidth: 0, overflowY: 'auto', p: 2 }}>
          {caption}
          {charts}
        </Box>
        {!narrow && (
          <Box sx={{ width: ALERTS_WIDTH, borderLeft: 1, borderColor: 'divider', display: 'flex' }}>
            {alerts}
          </Box>
        )}
      </Box>
      {narrow && (
        <>
          <Popover
            open={filterAnchor !== null}
            anchorEl={filterAnchor}
            onClose={() => setFilterAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          >
            <Box sx={{ p: 2 }}>{interval}</Box>
          </Popover>
          <Drawer
            anchor="right"
            open={alertsOpen}
            onClose={() => setAlertsOpen(false)}
            // Above the full-screen dialog it opens from.
            sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
          >
            <Box sx={{ width: { xs: '100vw', sm: ALERTS_WIDTH }, height: '100%', display: 'flex' }}>
              {alerts}
            </Box>
          </Drawer>
        </>
      )}
    </Dialog>
  );
}
