import { Typography } from '@mui/material';
import { useAppDetails } from '../lib/app-details.ts';
import { useT } from '../lib/i18n/index.ts';

/** "IoT Portal 1.2.3" from the server's app details; nothing while unknown. */
export function AppVersion() {
  const { data } = useAppDetails();
  const t = useT('components');
  if (!data) return null;
  return (
    <Typography variant="caption" color="text.secondary" title={t('appVersion', { time: data.buildTime })}>
      {data.name} {data.version}
    </Typography>
  );
}
