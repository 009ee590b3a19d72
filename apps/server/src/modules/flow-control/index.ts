export { FLOW_PROBE_TOPIC, FlowControl, type FlowControlOptions } from './flow-control.ts';
