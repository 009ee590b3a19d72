import { METRIC_CATALOGUE, sensorsOfSeries } from '@portal/contract';
import type { GatewayDialogProps } from '../../../components/gateway-dialog-props.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { SensorHistoryDialog } from './SensorHistoryDialog.tsx';

/** The readings of its series, from the metric catalogue (packages/contract/src/metrics.ts). */
const CO2_SENSORS = sensorsOfSeries(METRIC_CATALOGUE, ['co2Data']);

/** CO2 history: CO2 (ppm) and Temperature (°C) charts with interval, custom range and alerts. */
export function Co2HistoryDialog({ gateway, open, onClose }: GatewayDialogProps) {
  const t = useT('telemetry');
  if (!open) return null;
  return (
    <SensorHistoryDialog gateway={gateway} onClose={onClose} title={t('history.co2')} sensors={CO2_SENSORS} />
  );
}
