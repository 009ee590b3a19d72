import { METRIC_CATALOGUE, sensorsOfSeries } from '@portal/contract';
import type { GatewayDialogProps } from '../../../components/gateway-dialog-props.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { SensorHistoryDialog } from './SensorHistoryDialog.tsx';

/** The readings of its series, from the metric catalogue (packages/contract/src/metrics.ts). */
const AIR_QUALITY_SENSORS = sensorsOfSeries(METRIC_CATALOGUE, ['airQualityData']);

/** Air quality history: CO, NH3 and NO2 charts in ppb with interval, custom range and alerts. */
export function AirQualityHistoryDialog({ gateway, open, onClose }: GatewayDialogProps) {
  const t = useT('telemetry');
  if (!open) return null;
  return (
    <SensorHistoryDialog
      gateway={gateway}
      onClose={onClose}
      title={t('history.airQuality')}
      sensors={AIR_QUALITY_SENSORS}
    />
  );
}
