/**
 * What the features the gateway list composes (telemetry, instructions, gateway-commands) use of it (its page is
 * in pages.ts): the gateway a dialog is about, the list's cache keys, the display rules of a reading.
 */
export { GATEWAY_LISTS_KEY, patchGatewayLists } from './api/get-gateways.ts';
export { refreshGatewayLists } from './details/api/refresh-gateways.ts';
export type { GatewayDialogProps } from './gateway-dialog-props.ts';
export { formatFirmware, formatReading, NO_VALUE } from './gateway-display.ts';
/** A gateway as the list call returns it, for unit tests. */
export { testGateway } from './test-gateway.ts';
