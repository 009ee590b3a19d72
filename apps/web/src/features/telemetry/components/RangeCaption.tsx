import { Typography } from '@mui/material';
import { useT } from '../../../lib/i18n/index.ts';
import type { GraphInterval, TimeRange } from '../intervals.ts';
import { rangeCaption } from '../range-caption.ts';

/** The range the charts cover, in words, above them (issue 14.6: the chosen dates are always visible). */
export function RangeCaption({ interval, range }: { interval: GraphInterval; range: TimeRange }) {
  const t = useT('telemetry');
  return (
    <Typography variant="body2" color="text.secondary" data-chart-range sx={{ mb: 1 }}>
      {rangeCaption(interval, range, t)}
    </Typography>
  );
}
