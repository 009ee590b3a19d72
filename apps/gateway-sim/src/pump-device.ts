import { deviceUp, PUMP_RAW_MAX, type PumpReport, pumpDeviceCommand } from '@portal/contract';
import { namedCommand } from './downstream-messages.ts';
import { type Random, uniform } from './random.ts';
import type { Timers } from './timers.ts';

/** How often a pump gateway reads its soil sensor and reports (docs/mqtt.md 2.8). */
export const PUMP_READING_MS = 2_000;
/** Soil moisture gained per second of pumping, and lost per second while dry weather has its way. */
const WETTING_PER_SECOND = 1.5;
const DRYING_PER_SECOND = 0.02;
const SOIL_MAX = 95;
const SOIL_MIN = 5;

const round1 = (value: number) => Math.round(value * 10) / 10;
const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

/**
 * The demo pump behind a gateway (docs/dashboards.md, "Pump dashboard"; docs/mqtt.md 2.8 and 3.1): a soil
 * sensor read every PUMP_READING_MS (moisture %, its raw 10-bit value 0-1023, wetter is lower as capacitive
 * sensors read, and the air's humidity) and a pump the portal's PUMP command runs for 1-60 s. It reports on
 * `gateways/{mac}/send/pump` at every reading and whenever the pump starts or stops; a repeated command
 * restarts the run from now, an off command stops it at once.
 */
export class PumpDevice {
  private soil: number;
  private humidity: number;
  /** When the running pump stops (epoch ms); null while stopped. */
  private endsAt: number | null = null;
  private lastAt: number;

  constructor(
    private readonly mac: string,
    private readonly timers: Timers,
    private readonly random: Random,
    private readonly hooks: {
      publish: (topic: string, report: PumpReport) => void;
      warn: (message: string) => void;
    },
    private readonly readingMs = PUMP_READING_MS,
  ) {
    this.soil = round1(uniform(random, 30, 45));
    this.humidity = round1(uniform(random, 45, 65));
    this.lastAt = Date.now();
  }

  /** Starts reading and reporting (after every connect); the first report goes now. */
  start(): void {
    this.timers.every('pump-reading', this.readingMs, () => this.publish());
    this.publish();
  }

  get running(): boolean {
    return this.endsAt !== null;
  }

  /** True when the message was a PUMP command (and so handled here). */
  handled(topic: string, payload: string): boolean {
    const json = namedCommand(this.mac, 'PUMP', topic, payload);
    if (json === null) return false;
    const command = pumpDeviceCommand.safeParse(json);
    if (!command.success) {
      this.hooks.warn(`${this.mac}: ignored pump command: ${payload.slice(0, 200)}`);
      return true;
    }
    if (command.data.PUMP === 1) this.run(command.data.seconds);
    else this.stop();
    return true;
  }

  /** Runs the pump for `seconds` from now, then stops it. */
  run(seconds: number): void {
    this.advance();
    this.endsAt = Date.now() + seconds * 1000;
    this.timers.once('pump-stop', seconds * 1000, () => this.stop());
    this.publish();
  }

  stop(): void {
    this.advance();
    this.timers.cancel('pump-stop');
    const wasRunning = this.endsAt !== null;
    this.endsAt = null;
    if (wasRunning) this.publish();
  }

  /** The report as of now. */
  report(): PumpReport {
    this.advance();
    const raw = Math.round(((100 - this.soil) / 100) * PUMP_RAW_MAX + uniform(this.random, -3, 3));
    return {
      TI: Date.now(),
      PUMP: this.running ? 1 : 0,
      END: this.endsAt,
      SOIL: this.soil,
      HUM: this.humidity,
      RAW: clamp(raw, 0, PUMP_RAW_MAX),
    };
  }

  /** Soil and air since the last look: wetter while pumping, drying slowly otherwise. */
  private advance(): void {
    const now = Date.now();
    const seconds = Math.max(0, now - this.lastAt) / 1000;
    this.lastAt = now;
    const change = this.running ? WETTING_PER_SECOND * seconds : -DRYING_PER_SECOND * seconds;
    this.soil = round1(clamp(this.soil + change, SOIL_MIN, SOIL_MAX));
    const drift = uniform(this.random, -0.3, 0.3) + (this.running ? 0.2 * seconds : 0);
    this.humidity = round1(clamp(this.humidity + drift, 20, 95));
  }

  private publish(): void {
    this.hooks.publish(deviceUp.pump(this.mac), this.report());
  }
}
