export { generateCredentials } from './credentials.ts';
export { generateGatewayMac } from './device-profile.ts';
export { type HistorySpan, historyAlerts, historySamples, roomOf } from './history.ts';
export type { GatewayLiveState } from './lock-engine.ts';
export { DEFAULT_LOCK_SETTINGS, type LockSettings } from './lock-settings.ts';
export type { GatewayCredential, SimulationLogger, SimulationOptions } from './options.ts';
export type { GatewayHandle } from './simulated-gateway.ts';
export { type Simulation, startSimulation } from './simulation.ts';
export type { SimulationStats } from './stats.ts';
