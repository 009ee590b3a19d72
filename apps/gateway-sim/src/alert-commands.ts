import { alertConfigCommand, parseAlertCode, type TelemetrySample } from '@portal/contract';
import { namedCommand } from './downstream-messages.ts';
import type { EventItem } from './events.ts';

/** One alert the portal configured on the gateway: the telemetry key, high or low, the threshold. */
export interface ConfiguredAlert {
  key: string;
  high: boolean;
  threshold: number;
}

/** Back past the threshold by this share before an alert clears, so a value at the threshold does not flap. */
const HYSTERESIS = 0.05;
const LEVEL_LOW = 0;
const LEVEL_HIGH = 1;
const LEVEL_NORMAL = 2;

/**
 * The portal's ALERT-CONFIG commands (docs/mqtt.md 3.1, docs/alerts.md): `gateways/{tenant}/command/{mac}` with
 * a code `CO2_H_2000_C` creates, `_U` changes the threshold, `_D` removes. The gateway keeps the table, tells
 * with an `Alert configured` / `Alert removed` event (val: the code), and, when it raises alerts of its own
 * (selfAlerts), raises them at these thresholds. A repeated command does no harm.
 */
export class AlertCommands {
  private readonly table = new Map<string, ConfiguredAlert>();
  private readonly raised = new Set<string>();

  constructor(
    private readonly mac: string,
    private readonly hooks: {
      event: (name: string, value: string) => void;
      warn: (message: string) => void;
    },
  ) {}

  /** True when the message was an ALERT-CONFIG command (and so handled here). */
  handled(topic: string, payload: string): boolean {
    const json = namedCommand(this.mac, 'ALERT-CONFIG', topic, payload);
    if (json === null) return false;
    const command = alertConfigCommand.safeParse(json);
    const code = command.success ? parseAlertCode(command.data.code) : null;
    if (!command.success || !code) {
      this.hooks.warn(`${this.mac}: ignored alert command: ${payload.slice(0, 200)}`);
      return true;
    }
    this.apply(code);
    this.hooks.event(code.action === 'D' ? 'Alert removed' : 'Alert configured', command.data.code);
    return true;
  }

  private apply(code: NonNullable<ReturnType<typeof parseAlertCode>>): void {
    const id = `${code.key}_${code.high ? 'H' : 'L'}`;
    if (code.action === 'D') {
      this.table.delete(id);
      this.raised.delete(id);
    } else this.table.set(id, { key: code.key, high: code.high, threshold: code.threshold });
  }

  /** The alerts configured now. */
  configured(): ConfiguredAlert[] {
    return [...this.table.values()];
  }

  /** SA items a sample raises or clears against the configured thresholds (selfAlerts only). */
  transitions(sample: TelemetrySample): EventItem[] {
    const items: EventItem[] = [];
    const values = sample as unknown as Record<string, number | undefined>;
    for (const [id, alert] of this.table) {
      const value = values[alert.key];
      if (typeof value !== 'number') continue;
      const margin = Math.abs(alert.threshold) * HYSTERESIS;
      const beyond = alert.high ? value > alert.threshold : value < alert.threshold;
      const back = alert.high ? value < alert.threshold - margin : value > alert.threshold + margin;
      const label = `${alert.key} ${alert.high ? 'High' : 'Low'}`;
      if (!this.raised.has(id) && beyond) {
        this.raised.add(id);
        items.push({ nme: label, val: value, sr: alert.key, alrt: alert.high ? LEVEL_HIGH : LEVEL_LOW });
      } else if (this.raised.has(id) && back) {
        this.raised.delete(id);
        items.push({ nme: `${alert.key} Normal`, val: value, sr: alert.key, alrt: LEVEL_NORMAL });
      }
    }
    return items;
  }
}
