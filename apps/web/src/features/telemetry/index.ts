/** The sensor charts (server module telemetry) the gateway list shows. */
export { AirQualityHistoryDialog } from './components/AirQualityHistoryDialog.tsx';
export { Co2HistoryDialog } from './components/Co2HistoryDialog.tsx';
// The chart, the custom range dialog and its rules, which the graph generator (features/graph-generator) reuses.
export { CustomRangeDialog } from './components/CustomRangeDialog.tsx';
export { SensorGraphView } from './components/SensorGraphView.tsx';
export { SystemGraphDialog } from './components/SystemGraphDialog.tsx';
export { TimeSeriesChart } from './components/TimeSeriesChart.tsx';
export { customRangeTimes, dayOf } from './custom-range.ts';
