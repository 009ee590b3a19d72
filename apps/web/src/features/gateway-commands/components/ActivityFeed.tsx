import {
  Alert,
  Box,
  List,
  ListItem,
  ListItemText,
  ListSubheader,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { ACTIVITY_FEED_DEFAULT_INTERVAL, type ActivityFeedInterval } from '@portal/contract';
import { useEffect, useState } from 'react';
import { ProgressStatus } from '../../../components/ProgressStatus.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { formatTime } from '../../../lib/date-time.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { countByType, entryDetails, groupByDay, PICKER_INTERVALS, searchEntries } from '../activity-feed.ts';
import { useActivityLogs } from '../api/get-activity-logs.ts';

type FeedTab = 'event' | 'alert';

interface ActivityFeedProps {
  macId: string;
  /** Bumped by the dialog when a live event of the gateway arrives (it says 'Refreshing Activity Logs'). */
  liveRefresh: number;
}

/**
 * Activity Feed of one gateway (vendor staff and root only): interval picker, search, Alerts(n) / Events(n),
 * entries grouped by day, newest first.
 */
export function ActivityFeed({ macId, liveRefresh }: ActivityFeedProps) {
  const t = useT('gateway-commands');
  const messageText = useMessageText();
  const [interval, setInterval] = useState<ActivityFeedInterval>(ACTIVITY_FEED_DEFAULT_INTERVAL);
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<FeedTab>('event');
  const logs = useActivityLogs(macId, interval, true);
  const { refetch } = logs;

  // A live event: fetch again (the range ends at the time of the fetch).
  useEffect(() => {
    if (liveRefresh > 0) void refetch();
  }, [liveRefresh, refetch]);

  const found = searchEntries(logs.data ?? [], search);
  const counts = countByType(found);
  const groups = groupByDay(found.filter((entry) => entry.type === tab));

  return (
    <Box component="section" aria-labelledby="activity-feed-title">
      <Typography id="activity-feed-title" variant="h6">
        {t('feed.title')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1, alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label={t('feed.interval')}
          value={interval}
          onChange={(event) => setInterval(event.target.value as ActivityFeedInterval)}
          sx={{ minWidth: 130 }}
        >
          {PICKER_INTERVALS.map((label) => (
            <MenuItem key={label} value={label}>
              {t(`feed.intervals.${label}`)}
            </MenuItem>
          ))}
        </TextField>
        <SearchField value={search} onChange={setSearch} width={220} />
      </Stack>
      {(logs.isPending || logs.isPlaceholderData) && <ProgressStatus text={t('feed.fetching')} />}
      {logs.isError && <Alert severity="error">{messageText(logs.error.message)}</Alert>}
      <Tabs value={tab} onChange={(_event, next: FeedTab) => setTab(next)} aria-label={t('feed.kinds')}>
        <Tab value="alert" label={t('feed.alerts', { alerts: counts.alerts })} />
        <Tab value="event" label={t('feed.events', { events: counts.events })} />
      </Tabs>
      <List dense aria-label={t('feed.entries')} sx={{ maxHeight: 420, overflow: 'auto' }}>
        {groups.map((group) => (
          <li key={group.day}>
            <ul style={{ padding: 0 }}>
              <ListSubheader>{group.day}</ListSubheader>
              {group.entries.map((entry) => (
                <ListItem key={`${entry.date}-${entry.type}-${entry.message}`} divider>
                  <ListItemText
                    primary={entry.message}
                    secondary={[formatTime(entry.date), ...entryDetails(entry)].join(' · ')}
                    slotProps={{ primary: { color: entry.type === 'alert' ? 'error' : undefined } }}
                  />
                </ListItem>
              ))}
            </ul>
          </li>
        ))}
        {logs.isSuccess && groups.length === 0 && (
          <ListItem>
            <ListItemText secondary={tab === 'alert' ? t('feed.noAlerts') : t('feed.noEvents')} />
          </ListItem>
        )}
      </List>
    </Box>
  );
}
