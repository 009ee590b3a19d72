import { Typography } from '@mui/material';
import { useAppDetails } from '../lib/app-details.ts';

/** "IoT Portal 1.2.3" from the server's app details; nothing while unknown. */
export function AppVersion() {
  const { data } = useAppDetails();
  if (!data) return null;
  return (
    <Typography variant="caption" color="text.secondary" title={`Built ${data.buildTime}`}>
      {data.name} {data.version}
    </Typography>
  );
}
