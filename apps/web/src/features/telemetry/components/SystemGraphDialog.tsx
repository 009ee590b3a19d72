import { Stack } from '@mui/material';
import { type GatewaySummary, GRAPH_TEXTS } from '@portal/contract';
import { useMemo } from 'react';
import type { GatewayDialogProps } from '../../../components/gateway-dialog-props.ts';
import { alertPanels } from '../alert-rules.ts';
import { useGatewayGraphs } from '../use-gateway-graphs.ts';
import { AlertsPanel } from './AlertsPanel.tsx';
import { GraphDialogFrame } from './GraphDialogFrame.tsx';
import { IntervalSelector } from './IntervalSelector.tsx';
import { RangeCaption } from './RangeCaption.tsx';
import { SensorChart } from './SensorChart.tsx';

/** Spec 001 section 9: system chart heights. */
export const CPU_CHART_HEIGHT = 205;
export const MEMORY_CHART_HEIGHT = 220;
const SYSTEM_KINDS = ['cpuMm'] as const;

/** Full-screen CPU and memory charts titled with the gateway's name, with its System Alerts. */
export function SystemGraphDialog({ gateway, open, onClose }: GatewayDialogProps) {
  return open ? <SystemGraphs gateway={gateway} onClose={onClose} /> : null;
}

function SystemGraphs({ gateway, onClose }: { gateway: GatewaySummary; onClose: () => void }) {
  const graphs = useGatewayGraphs(gateway, SYSTEM_KINDS);
  const systemAlerts = useMemo(() => alertPanels(graphs.events).system, [graphs.events]);
  const chart = {
    readings: graphs.readings,
    range: graphs.interval.range,
    offline: graphs.offline,
    loading: graphs.readingsLoading,
  };
  return (
    <GraphDialogFrame
      title={gateway.name}
      open
      onClose={onClose}
      interval={<IntervalSelector value={graphs.interval.interval} onChange={graphs.interval.choose} />}
      caption={<RangeCaption interval={graphs.interval.interval} range={graphs.interval.range} />}
      charts={
        <Stack spacing={2}>
          <SensorChart sensor="CP" height={CPU_CHART_HEIGHT} {...chart} />
          <SensorChart sensor="MM" height={MEMORY_CHART_HEIGHT} {...chart} />
        </Stack>
      }
      alerts={
        <AlertsPanel
          loading={graphs.eventsLoading}
          lists={[
            { title: GRAPH_TEXTS.systemAlerts, emptyText: GRAPH_TEXTS.noSystemAlerts, rows: systemAlerts },
          ]}
        />
      }
    />
  );
}
