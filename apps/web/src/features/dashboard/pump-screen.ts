import {
  type PumpCommandBody,
  type PumpDashboard,
  type PumpLiveMessage,
  type PumpReading,
  pumpSeconds,
} from '@portal/contract';

/**
 * A live pump report into the screen's data: the gateway's reading is replaced when the report is not older
 * than the one shown (the REST answer and the live channel may cross).
 */
export function applyPumpMessage(data: PumpDashboard, message: PumpLiveMessage): PumpDashboard {
  const { macId, ...reading } = message;
  let changed = false;
  const gateways = data.gateways.map((gateway) => {
    if (gateway.macId !== macId || gateway.reading.TI > reading.TI) return gateway;
    changed = true;
    return { ...gateway, reading };
  });
  return changed ? { ...data, gateways } : data;
}

/** Whole seconds until a running pump stops by itself (at least 0); null when it is stopped. */
export function secondsLeft(reading: PumpReading, now: number): number | null {
  if (reading.PUMP !== 1 || reading.END === null) return null;
  return Math.max(0, Math.ceil((reading.END - now) / 1000));
}

/** The pump-seconds field's message: the server's rule (1-60, whole seconds), or null when valid. */
export function pumpSecondsError(value: number): string | null {
  const parsed = pumpSeconds.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** What the pump switch sends: on for `seconds`, or off. */
export function pumpCommandFor(on: boolean, seconds: number): PumpCommandBody {
  return on ? { PUMP: 1, seconds } : { PUMP: 0 };
}

/** The gateway the screen drives: the chosen one while it is listed, else the first. */
export function selectedPumpGateway<T extends { macId: string }>(
  gateways: T[],
  chosen: string | null,
): T | null {
  return gateways.find((gateway) => gateway.macId === chosen) ?? gateways[0] ?? null;
}
