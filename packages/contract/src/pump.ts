import { z } from 'zod';

/**
 * The demo pump dashboard (spec 002 section 2 'Dashboards': "a demo screen with a pump switch, a pump-seconds
 * slider (1-60), soil and humidity dials, a gauge slider (0-1023) and a map"; section 9: "The demo pump slider
 * is 1-60 and the gauge 0-1023"), given to a customer by its dashboard variant (docs/dashboards.md, "Pump
 * dashboard"). The device side is docs/mqtt.md 2.8 and 3.1 (PUMP).
 */

/** A customer's dashboard: the fleet at a glance (default) or the demo pump screen. */
export const DASHBOARD_VARIANTS = ['fleet', 'pump'] as const;
export const dashboardVariant = z.enum(DASHBOARD_VARIANTS);
export type DashboardVariant = z.infer<typeof dashboardVariant>;
export const DEFAULT_DASHBOARD_VARIANT: DashboardVariant = 'fleet';
export const dashboardVariantLabels: Record<DashboardVariant, string> = {
  fleet: 'Fleet dashboard',
  pump: 'Pump demo dashboard',
};

export const PUMP_SECONDS_MIN = 1;
export const PUMP_SECONDS_MAX = 60;
export const PUMP_SECONDS_DEFAULT = 10;
/** The raw soil sensor: a 10-bit analog reading. */
export const PUMP_RAW_MIN = 0;
export const PUMP_RAW_MAX = 1023;

/** Our wording: the spec gives no text for these. */
export const pumpMessages = {
  secondsOutOfRange: `Pump seconds must be between ${PUMP_SECONDS_MIN} and ${PUMP_SECONDS_MAX}`,
  started: (seconds: number) => `Pump switched on for ${seconds} s`,
  stopped: 'Pump switched off',
  noPump: 'No gateway of this customer has reported a pump yet.',
  ownVariant: "A customer's dashboard variant is set by the customer above it.",
  notPump: 'This gateway has reported no pump.',
} as const;

/** Seconds the pump runs, 1..60 (spec 002 section 9). */
export const pumpSeconds = z
  .number({ error: pumpMessages.secondsOutOfRange })
  .int(pumpMessages.secondsOutOfRange)
  .min(PUMP_SECONDS_MIN, pumpMessages.secondsOutOfRange)
  .max(PUMP_SECONDS_MAX, pumpMessages.secondsOutOfRange);

/** POST /api/gateway/{mac}/pump: switch on for `seconds`, or off. */
export const pumpCommandBody = z.discriminatedUnion('PUMP', [
  z.object({ PUMP: z.literal(1), seconds: pumpSeconds }),
  z.object({ PUMP: z.literal(0) }),
]);
export type PumpCommandBody = z.infer<typeof pumpCommandBody>;

export const pumpCommandAccepted = z.object({ macId: z.string(), PUMP: z.number(), message: z.string() });
export type PumpCommandAccepted = z.infer<typeof pumpCommandAccepted>;

/** The command on `gateways/{tenant}/command/{mac}` (docs/mqtt.md 3.1). */
export const pumpDeviceCommand = z.discriminatedUnion('PUMP', [
  z.object({ command: z.literal('PUMP'), PUMP: z.literal(1), seconds: pumpSeconds }),
  z.object({ command: z.literal('PUMP'), PUMP: z.literal(0) }),
]);
export type PumpDeviceCommand = z.infer<typeof pumpDeviceCommand>;

const epochMs = z.number().int().min(1_500_000_000_000).max(4_102_444_800_000);
const percent = z.number().finite().min(0).max(100);

/**
 * `gateways/{mac}/send/pump` (docs/mqtt.md 2.8): the pump's state and the soil sensor's readings, at every
 * reading and whenever the pump starts or stops.
 */
export const pumpReport = z.object({
  TI: epochMs,
  /** 1 running, 0 stopped. */
  PUMP: z.union([z.literal(0), z.literal(1)]),
  /** When a running pump stops by itself (epoch ms); null when stopped. */
  END: epochMs.nullable().optional(),
  /** Soil moisture, %. */
  SOIL: percent,
  /** Air humidity, %. */
  HUM: percent,
  /** The soil sensor's raw analog reading, 0..1023. */
  RAW: z.number().int().min(PUMP_RAW_MIN).max(PUMP_RAW_MAX),
});
export type PumpReport = z.infer<typeof pumpReport>;

/** The last report of a gateway, as the screen and the live channel give it. */
export const pumpReading = z.object({
  TI: z.number(),
  PUMP: z.number(),
  END: z.number().nullable(),
  SOIL: z.number(),
  HUM: z.number(),
  RAW: z.number(),
});
export type PumpReading = z.infer<typeof pumpReading>;

/** Live on `portal/{scope}/pump/{mac}`. */
export const pumpLiveMessage = pumpReading.extend({ macId: z.string() });
export type PumpLiveMessage = z.infer<typeof pumpLiveMessage>;

/** GET /api/dashboards/pump?scopeId=. */
export const pumpDashboardQuery = z.object({ scopeId: z.string().uuid() });

export const pumpGateway = z.object({
  macId: z.string(),
  name: z.string(),
  scopeId: z.string(),
  online: z.boolean(),
  reading: pumpReading,
});
export type PumpGateway = z.infer<typeof pumpGateway>;

/** The scope's dashboard variant and, for the pump variant, its gateways that report a pump (by name). */
export const pumpDashboard = z.object({
  scopeId: z.string(),
  dashboardVariant,
  gateways: z.array(pumpGateway),
});
export type PumpDashboard = z.infer<typeof pumpDashboard>;

/** At most this many pump gateways are listed on the screen. */
export const PUMP_GATEWAYS_MAX = 100;
