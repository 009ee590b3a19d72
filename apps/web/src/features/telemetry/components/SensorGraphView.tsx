import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import {
  Box,
  Chip,
  IconButton,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { type GatewaySummary, GRAPH_TEXTS } from '@portal/contract';
import { useMemo, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { alertPanels } from '../alert-rules.ts';
import { SENSOR_GROUPS, type SensorKey } from '../sensors.ts';
import { useGatewayGraphs } from '../use-gateway-graphs.ts';
import { AlertsPanel } from './AlertsPanel.tsx';
import { IntervalSelector } from './IntervalSelector.tsx';
import { RangeCaption } from './RangeCaption.tsx';
import { SensorChart } from './SensorChart.tsx';

/** Spec 001 section 9: one sensor chart is 565 high, several 270. */
export const SINGLE_CHART_HEIGHT = 565;
export const SEVERAL_CHARTS_HEIGHT = 270;
const ALERTS_WIDTH = 340;
const ALERTS_HEIGHT = 640;

interface SensorGraphViewProps {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
}

/**
 * The maximised sensor-graph view of one gateway, shown by the page in place of the grid: a side selector of
 * the sensor group, chips that add and remove charts, the interval, and Sensor / System Alerts beside.
 */
export function SensorGraphView({ gateway, open, onClose }: SensorGraphViewProps) {
  return open ? <SensorGraphs gateway={gateway} onClose={onClose} /> : null;
}

function SensorGraphs({ gateway, onClose }: { gateway: GatewaySummary; onClose: () => void }) {
  const t = useT('telemetry');
  const [groupIndex, setGroupIndex] = useState(0);
  const group = SENSOR_GROUPS[groupIndex]!;
  const [shown, setShown] = useState<readonly SensorKey[]>(group.sensors);
  const graphs = useGatewayGraphs(gateway, group.kinds);
  const panels = useMemo(() => alertPanels(graphs.events), [graphs.events]);
  const charted = group.sensors.filter((sensor) => shown.includes(sensor));
  const height = charted.length === 1 ? SINGLE_CHART_HEIGHT : SEVERAL_CHARTS_HEIGHT;
  const noAlerts = !graphs.eventsLoading && panels.sensor.length === 0 && panels.system.length === 0;

  const chooseGroup = (index: number) => {
    setGroupIndex(index);
    setShown(SENSOR_GROUPS[index]!.sensors);
  };
  const toggle = (sensor: SensorKey) =>
    setShown((current) =>
      current.includes(sensor) ? current.filter((s) => s !== sensor) : [...current, sensor],
    );

  return (
    <Paper component="section" aria-label={t('sensorGraphs.label', { name: gateway.name })} sx={{ p: 2 }}>
      {/* On a phone the interval goes below the name, which would otherwise be cut to its first letter. */}
      <Stack
        direction="row"
        useFlexGap
        sx={{ mb: 2, gap: 2, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" noWrap title={gateway.name}>
            {gateway.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {gateway.macId}
          </Typography>
        </Box>
        <Box sx={{ order: { xs: 3, sm: 0 }, flexBasis: { xs: '100%', sm: 'auto' } }}>
          <IntervalSelector value={graphs.interval.interval} onChange={graphs.interval.choose} />
        </Box>
        <Tooltip title={t('sensorGraphs.minimize')}>
          <IconButton aria-label={t('sensorGraphs.minimize')} onClick={onClose}>
            <CloseFullscreenIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <RangeCaption interval={graphs.interval.interval} range={graphs.interval.range} />
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        <ToggleButtonGroup
          orientation="vertical"
          exclusive
          size="small"
          aria-label={t('sensorGraphs.group')}
          value={groupIndex}
          onChange={(_, index: number | null) => index !== null && chooseGroup(index)}
          sx={{ alignSelf: 'flex-start', minWidth: 150 }}
        >
          {SENSOR_GROUPS.map((g, index) => (
            <ToggleButton key={g.id} value={index} sx={{ textTransform: 'none' }}>
              {t(`groups.${g.id}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack
            role="group"
            aria-label={t('sensorGraphs.sensors')}
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ mb: 1, flexWrap: 'wrap' }}
          >
            {group.sensors.map((sensor) => {
              const on = shown.includes(sensor);
              return (
                <Chip
                  key={sensor}
                  label={t(`sensors.${sensor}`)}
                  aria-pressed={on}
                  color={on ? 'primary' : 'default'}
                  variant={on ? 'filled' : 'outlined'}
                  onClick={() => toggle(sensor)}
                />
              );
            })}
          </Stack>
          {charted.length === 0 && (
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {t('sensorGraphs.choose')}
            </Typography>
          )}
          <Stack spacing={1}>
            {charted.map((sensor) => (
              <SensorChart
                key={sensor}
                sensor={sensor}
                height={height}
                readings={graphs.readings}
                range={graphs.interval.range}
                offline={graphs.offline}
                loading={graphs.readingsLoading}
              />
            ))}
          </Stack>
        </Box>
        <Box
          sx={{
            width: { xs: '100%', lg: ALERTS_WIDTH },
            // Below the charts (narrower than lg) an empty panel need not keep its 640 px.
            height: { xs: noAlerts ? 'auto' : ALERTS_HEIGHT / 1.6, lg: ALERTS_HEIGHT },
            display: 'flex',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          <AlertsPanel
            loading={graphs.eventsLoading}
            lists={[
              { title: GRAPH_TEXTS.sensorAlerts, emptyText: GRAPH_TEXTS.noSensorAlerts, rows: panels.sensor },
              { title: GRAPH_TEXTS.systemAlerts, emptyText: GRAPH_TEXTS.noSystemAlerts, rows: panels.system },
            ]}
          />
        </Box>
      </Stack>
    </Paper>
  );
}
