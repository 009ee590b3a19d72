import { z } from 'zod';
import { gatewayLiveState, gatewayLocation, telemetrySample } from './device.ts';

/** Query of GET /api/gateway/get-gateways: the scope whose gateways (its own and its sub-customers') to list. */
export const getGatewaysQuery = z.object({ scopeId: z.string().uuid() });

/** One gateway as the fleet views show it: identity, connection, reported facts and the latest sample. */
export const gatewaySummary = z.object({
  id: z.string(),
  macId: z.string(),
  name: z.string(),
  scopeId: z.string(),
  deviceStatus: z.enum(['online', 'offline']),
  firmware: z.string().nullable(),
  OSversion: z.string().nullable(),
  /** Last online / offline time, epoch ms. */
  LONTI: z.number().nullable(),
  LOFFTI: z.number().nullable(),
  state: z.record(z.string(), z.unknown()),
  latest: telemetrySample.nullable(),
  /** 1 registered, 0 unregistered (spec 001 section 3). */
  REG: z.union([z.literal(0), z.literal(1)]),
  /** Device-reported facts (the last state message): hotspot, hotspot change in progress, network, signal, camera. */
  HS: z.number().nullable(),
  HSIPRC: z.number().nullable(),
  NW: z.number().nullable(),
  SS: z.number().nullable(),
  CMS: z.number().nullable(),
  /** The address entered at registration over the device-reported location (LAT/LNG usually the device's). */
  LCTN: gatewayLocation.nullable(),
  tags: z.array(z.string()),
  /** Manufactured date, epoch ms (00:00 UTC of the day). */
  CRTD: z.number().nullable(),
  manufacturer: z.string().nullable(),
  appVersion: z.number().nullable(),
  /** Whitelisted lock count; -1 = every lock ('*'). */
  noOfWhiteListedDevices: z.number().int(),
  listOfWhiteListedLocks: z.array(z.string()),
  /**
   * The whitelist the gateway itself last reported in its state (names, or ['*']); null when it never
   * reported names (older firmware reports only a count).
   */
  reportedWhitelist: z.array(z.string()).nullable(),
  /** The lock engine's live state as the device reports it (currentState, pollInterval, rssiValue...). */
  liveState: gatewayLiveState.nullable(),
  /**
   * The versions assigned to the gateway: its customer's latest applied firmware, OS patch and customer app
   * (docs/rollouts.md); null when none was applied. The reported version (`firmware`, `OSversion`,
   * `customerFw`) always wins; a difference is shown as such.
   */
  assignedFirmware: z.string().nullable().optional(),
  assignedOSversion: z.string().nullable().optional(),
  assignedCustomerFw: z.string().nullable().optional(),
  /** The customer app version the gateway last reported in an update (it is not in its state); null: never. */
  customerFw: z.string().nullable().optional(),
});
export type GatewaySummary = z.infer<typeof gatewaySummary>;

export const gatewayList = z.array(gatewaySummary);

/** Live message on `portal/{scopeId}/graph/{mac}`. */
export const liveSamples = z.object({ macId: z.string(), samples: z.array(telemetrySample) });
export type LiveSamples = z.infer<typeof liveSamples>;

/** Live message on `portal/{scopeId}/gateways`: a status, state or events change of one gateway. */
export const liveGatewayChange = z
  .object({ type: z.enum(['status', 'state', 'events']), macId: z.string(), TI: z.number().optional() })
  .passthrough();
export type LiveGatewayChange = z.infer<typeof liveGatewayChange>;

/** A gateway in the device registry's short keys (spec 001 section 3, gateway/device list and registration). */
export const deviceRecord = z.object({
  id: z.string(),
  MAC: z.string(),
  NAME: z.string(),
  SID: z.string(),
  /** Registered (created) time, epoch ms. */
  CRTD: z.number(),
  REG: z.union([z.literal(0), z.literal(1)]),
  CS: z.union([z.literal(0), z.literal(1)]),
  HS: z.number().nullable(),
  HSIPRC: z.number().nullable(),
  NW: z.number().nullable(),
  SS: z.number().nullable(),
  CMS: z.number().nullable(),
  LCTN: z.record(z.string(), z.unknown()).nullable(),
  LONTI: z.number().nullable(),
  LOFFTI: z.number().nullable(),
  FW: z.string().nullable(),
  OS: z.string().nullable(),
  type: z.literal('gateway'),
  tags: z.array(z.string()),
});
export type DeviceRecord = z.infer<typeof deviceRecord>;
export const deviceRecords = z.array(deviceRecord);

/** Points of the card mini-charts: the last 50 samples (the air-quality-5 chart shows the last 40 of them). */
export const RECENT_SAMPLES = 50;
export const recentData = z.record(z.string(), z.array(telemetrySample));
