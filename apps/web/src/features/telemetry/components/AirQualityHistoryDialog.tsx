import type { GatewayDialogProps } from '../../gateways/index.ts';
import { SensorHistoryDialog } from './SensorHistoryDialog.tsx';

const AIR_QUALITY_SENSORS = ['CO', 'NH3', 'NO2'] as const;

/** Air quality history: CO, NH3 and NO2 charts in ppb with interval, custom range and alerts. */
export function AirQualityHistoryDialog({ gateway, open, onClose }: GatewayDialogProps) {
  if (!open) return null;
  return (
    <SensorHistoryDialog
      gateway={gateway}
      onClose={onClose}
      title="Air quality history"
      sensors={AIR_QUALITY_SENSORS}
    />
  );
}
