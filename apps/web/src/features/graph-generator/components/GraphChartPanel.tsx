import { Alert, Box, Stack, Typography } from '@mui/material';
import {
  GRAPH_GENERATOR_TEXTS,
  GRAPH_METRIC_INFO,
  type GraphOverrides,
  type GraphResponse,
} from '@portal/contract';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { TimeSeriesChart } from '../../telemetry/index.ts';
import { chartLines, hasData, seriesTitle } from '../graph-view.ts';
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
  const t = useT('graph-generator');
  const messageText = useMessageText();
  // One chart per reading, each reading's lines in turn (issue 32).
  const lines = chartLines(chart);
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} sx={{ gap: 2, alignItems: { lg: 'flex-start' } }}>
      <Box sx={{ width: { xs: '100%', lg: 320 }, flexShrink: 0 }}>
        <UnderstoodChips understood={chart.understood} scopeId={scopeId} disabled={busy} onEdit={onEdit} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }} aria-label={t('chart')} role="region">
        {chart.note && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {chart.note}
          </Typography>
        )}
        {!hasData(chart) ? (
          <Alert severity="info">{messageText(GRAPH_GENERATOR_TEXTS.noData)}</Alert>
        ) : (
          <Stack sx={{ gap: 2 }}>
            {lines.map((line) => (
              <TimeSeriesChart
                key={line.key}
                title={seriesTitle(line, line.series.label)}
                times={line.series.points.map((p) => p.TI)}
                values={line.series.points.map((p) => p.value)}
                range={chart.axis}
                offline={NO_OFFLINE}
                height={lines.length > 1 ? 260 : 360}
                system={GRAPH_METRIC_INFO[line.metric].system}
                loading={busy}
              />
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
