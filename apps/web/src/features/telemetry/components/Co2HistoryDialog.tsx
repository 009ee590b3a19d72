import type { GatewayDialogProps } from '../../gateways/index.ts';
import { SensorHistoryDialog } from './SensorHistoryDialog.tsx';

const CO2_SENSORS = ['CO2', 'TEMP'] as const;

/** CO2 history: CO2 (ppm) and Temperature (°C) charts with interval, custom range and alerts. */
export function Co2HistoryDialog({ gateway, open, onClose }: GatewayDialogProps) {
  if (!open) return null;
  return (
    <SensorHistoryDialog gateway={gateway} onClose={onClose} title="CO2 history" sensors={CO2_SENSORS} />
  );
}
