/**
 * Kept only for telemetry's CO2 and air quality history dialogs, which still take the dialog props from here:
 * those two files belong to the metric catalogue change (issue 28), and their import moves to
 * components/gateway-dialog-props.ts with it. Nothing else may use this file (it makes telemetry depend on the
 * feature that composes it, the one cycle KNOWN_FEATURE_CYCLES in .dependency-cruiser.cjs still allows):
 * delete it, and that entry, once those two imports have moved.
 */
export type { GatewayDialogProps } from '../../components/gateway-dialog-props.ts';
