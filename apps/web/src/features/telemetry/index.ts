/** The sensor charts (server module telemetry) the gateway list shows. */
export { AirQualityHistoryDialog } from './components/AirQualityHistoryDialog.tsx';
export { Co2HistoryDialog } from './components/Co2HistoryDialog.tsx';
export { SensorGraphView } from './components/SensorGraphView.tsx';
export { SystemGraphDialog } from './components/SystemGraphDialog.tsx';
