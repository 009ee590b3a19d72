import { Stack } from '@mui/material';
import { type GatewaySummary, GRAPH_TEXTS } from '@portal/contract';
import { useMemo } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { alertPanels } from '../alert-rules.ts';
import { SENSORS, type SensorKey } from '../sensors.ts';
import { useGatewayGraphs } from '../use-gateway-graphs.ts';
import { AlertsPanel } from './AlertsPanel.tsx';
import { GraphDialogFrame } from './GraphDialogFrame.tsx';
import { IntervalSelector } from './IntervalSelector.tsx';
import { RangeCaption } from './RangeCaption.tsx';
import { SensorChart } from './SensorChart.tsx';

const HISTORY_CHART_HEIGHT = 270;

interface SensorHistoryDialogProps {
  gateway: GatewaySummary;
  onClose: () => void;
  title: string;
  /** Sensors to chart, in this order. */
  sensors: readonly SensorKey[];
}

/**
 * A full-screen history of some sensors: interval selector with custom range, one chart each,
 * and the alerts of those sensors beside the System Alerts.
 */
export function SensorHistoryDialog({ gateway, onClose, title, sensors }: SensorHistoryDialogProps) {
  const t = useT('telemetry');
  const kinds = useMemo(() => [...new Set(sensors.map((sensor) => SENSORS[sensor].kind))], [sensors]);
  const graphs = useGatewayGraphs(gateway, kinds);
  const panels = useMemo(() => alertPanels(graphs.events, sensors), [graphs.events, sensors]);
  return (
    <GraphDialogFrame
      title={t('history.title', { title, name: gateway.name })}
      open
      onClose={onClose}
      interval={<IntervalSelector value={graphs.interval.interval} onChange={graphs.interval.choose} />}
      caption={<RangeCaption interval={graphs.interval.interval} range={graphs.interval.range} />}
      charts={
        <Stack spacing={2}>
          {sensors.map((sensor) => (
            <SensorChart
              key={sensor}
              sensor={sensor}
              height={HISTORY_CHART_HEIGHT}
              readings={graphs.readings}
              range={graphs.interval.range}
              offline={graphs.offline}
              loading={graphs.readingsLoading}
            />
          ))}
        </Stack>
      }
      alerts={
        <AlertsPanel
          loading={graphs.eventsLoading}
          lists={[
            { title: GRAPH_TEXTS.sensorAlerts, emptyText: GRAPH_TEXTS.noSensorAlerts, rows: panels.sensor },
            { title: GRAPH_TEXTS.systemAlerts, emptyText: GRAPH_TEXTS.noSystemAlerts, rows: panels.system },
          ]}
        />
      }
    />
  );
}
