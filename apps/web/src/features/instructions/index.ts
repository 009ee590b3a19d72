/** The instructions (server module instructions) the gateway list and its commands use. */
export { useAbortPendingInstructions } from './api/abort-pending-instructions.ts';
export { usePendingInstructions } from './api/get-pending-instructions.ts';
export { useUnregisterGateway } from './api/unregister-gateway.ts';
export { DeviceLogsRequest } from './components/DeviceLogsRequest.tsx';
export { DiagnosticsDialog } from './components/DiagnosticsDialog.tsx';
export { TroubleshootPanel } from './components/TroubleshootPanel.tsx';
export { canRequestDeviceLogs } from './device-logs.ts';
