import { Alert, Box, Stack, Typography } from '@mui/material';
import {
  GRAPH_GENERATOR_TEXTS,
  GRAPH_METRIC_INFO,
  type GraphOverrides,
  type GraphResponse,
} from '@portal/contract';
import { TimeSeriesChart } from '../../telemetry/index.ts';
import { hasData, seriesTitle } from '../graph-view.ts';
import { UnderstoodChips } from './UnderstoodChips.tsx';

type Chart = Extract<GraphResponse, { status: 'chart' }>;

const NO_OFFLINE: never[] = [];

/** What was understood (editable chips) beside the chart: one plot per line, the axis padded by an hour. */
export function GraphChartPanel(props: {
  chart: Chart;
  scopeId: string;
  busy: boolean;
  onEdit: (change: GraphOverrides) => void;
}) {
  const { chart, scopeId, busy, onEdit } = props;
  const system = GRAPH_METRIC_INFO[chart.understood.metric].system;
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} sx={{ gap: 2, alignItems: { lg: 'flex-start' } }}>
      <Box sx={{ width: { xs: '100%', lg: 320 }, flexShrink: 0 }}>
        <UnderstoodChips understood={chart.understood} scopeId={scopeId} disabled={busy} onEdit={onEdit} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }} aria-label="Chart" role="region">
        {chart.note && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {chart.note}
          </Typography>
        )}
        {!hasData(chart) ? (
          <Alert severity="info">{GRAPH_GENERATOR_TEXTS.noData}</Alert>
        ) : (
          <Stack sx={{ gap: 2 }}>
            {chart.series.map((series) => (
              <TimeSeriesChart
                key={series.label}
                title={seriesTitle(chart, series.label)}
                times={series.points.map((p) => p.TI)}
                values={series.points.map((p) => p.value)}
                range={chart.axis}
                offline={NO_OFFLINE}
                height={chart.series.length > 1 ? 260 : 360}
                system={system}
                loading={busy}
              />
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
