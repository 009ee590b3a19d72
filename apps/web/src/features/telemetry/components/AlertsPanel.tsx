import SearchOutlined from '@mui/icons-material/SearchOutlined';
import {
  Box,
  InputAdornment,
  LinearProgress,
  ListSubheader,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import {
  type AlertRow,
  alertRowHeight,
  alertValueText,
  groupByDay,
  rowTime,
  searchAlerts,
} from '../alert-rules.ts';
import { NARROW_MEDIA_QUERY } from './GraphDialogFrame.tsx';

/** One list of the panel: 'Sensor Alerts' or 'System Alerts', with its empty text. */
export interface AlertList {
  title: string;
  emptyText: string;
  rows: AlertRow[];
}

const DAY_HEADING_HEIGHT = 36;

/** Spec 001 section 9 row heights, following the window width. */
function useAlertRowHeight(): number {
  const under400 = useMediaQuery('(max-width:399.95px)');
  const under1080 = useMediaQuery('(max-width:1079.95px)');
  return alertRowHeight(under400 ? 399 : under1080 ? 1079 : 1080);
}

/**
 * The alerts side panel: 'Sensor Alerts (n)' and/or 'System Alerts (n)' (tabs when both), a search box, and
 * the rows grouped by day, each with its time, name and value; red or green by the section 9 rules.
 */
export function AlertsPanel({ lists, loading }: { lists: AlertList[]; loading: boolean }) {
  const t = useT('telemetry');
  const messageText = useMessageText();
  const [selected, setSelected] = useState(0);
  const [search, setSearch] = useState('');
  const list = lists[Math.min(selected, lists.length - 1)]!;
  const heading = (l: AlertList) =>
    t('alerts.heading', { title: messageText(l.title), count: l.rows.length });
  return (
    <Box
      component="aside"
      aria-label={t('alerts.panel')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, width: '100%' }}
    >
      {lists.length > 1 ? (
        <Tabs value={selected} onChange={(_, index: number) => setSelected(index)} variant="fullWidth">
          {lists.map((l) => (
            <Tab key={l.title} label={heading(l)} sx={{ textTransform: 'none' }} />
          ))}
        </Tabs>
      ) : (
        <Typography variant="subtitle1" component="h2" sx={{ px: 1, py: 1 }}>
          {heading(list)}
        </Typography>
      )}
      <Box sx={{ px: 1, pt: 1 }}>
        <TextField
          label={t('alerts.search')}
          type="search"
          size="small"
          fullWidth
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ mb: 1 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {loading && <LinearProgress aria-label={t('alerts.loading')} />}
      <AlertRows key={list.title} list={list} search={search} loading={loading} />
    </Box>
  );
}

type Item = { kind: 'day'; day: string } | { kind: 'row'; row: AlertRow };

function AlertRows({ list, search, loading }: { list: AlertList; search: string; loading: boolean }) {
  const t = useT('telemetry');
  const messageText = useMessageText();
  const rowHeight = useAlertRowHeight();
  const narrow = useMediaQuery(NARROW_MEDIA_QUERY);
  const scroller = useRef<HTMLDivElement>(null);
  const items = useMemo<Item[]>(
    () =>
      groupByDay(searchAlerts(list.rows, search)).flatMap((group) => [
        { kind: 'day' as const, day: group.day },
        ...group.rows.map((row) => ({ kind: 'row' as const, row })),
      ]),
    [list.rows, search],
  );
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (items[index]?.kind === 'day' ? DAY_HEADING_HEIGHT : rowHeight),
    overscan: 8,
  });
  if (items.length === 0 && !loading) {
    return (
      <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
        {list.rows.length === 0 ? messageText(list.emptyText) : t('alerts.noMatch')}
      </Typography>
    );
  }
  return (
    <Box
      ref={scroller}
      role="list"
      aria-label={messageText(list.title)}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
    >
      <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((virtual) => {
          const item = items[virtual.index]!;
          const place = {
            position: 'absolute',
            top: 0,
            left: 0,
            right: 0,
            height: virtual.size,
            transform: `translateY(${virtual.start}px)`,
          } as const;
          return item.kind === 'day' ? (
            <ListSubheader
              key={virtual.key}
              component="div"
              sx={{ ...place, lineHeight: `${DAY_HEADING_HEIGHT}px` }}
            >
              {item.day}
            </ListSubheader>
          ) : (
            <AlertRowView key={virtual.key} row={item.row} sx={place} narrow={narrow} />
          );
        })}
      </Box>
    </Box>
  );
}

function AlertRowView({ row, sx, narrow }: { row: AlertRow; sx: object; narrow: boolean }) {
  const color = row.color === 'red' ? 'error.main' : 'success.main';
  const full = row.value2 === undefined ? row.value : `${row.value} / ${row.value2}`;
  const value = alertValueText(row.value, narrow) + (row.value2 === undefined ? '' : ` / ${row.value2}`);
  return (
    <Box
      role="listitem"
      data-color={row.color}
      sx={{
        ...sx,
        px: 1.5,
        py: 1,
        borderLeft: 4,
        borderColor: color,
        borderBottom: 1,
        borderBottomColor: 'divider',
        overflow: 'hidden',
      }}
    >
      <Typography variant="caption" color="text.secondary" component="p">
        {rowTime(row.time)}
      </Typography>
      <Typography variant="body2" sx={{ color, fontWeight: 500 }} noWrap>
        {row.name}
      </Typography>
      <Typography variant="body2" noWrap title={full}>
        {value}
      </Typography>
    </Box>
  );
}
