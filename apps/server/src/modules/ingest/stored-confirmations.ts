import { deviceDown, MAX_TELEMETRY_SEQ, type StoredConfirmation } from '@portal/contract';
import type { Logger } from 'pino';
import type { DevicePublisher } from '../../lib/live.ts';

/**
 * Tells gateways which telemetry messages are stored (docs/mqtt.md 2.3): a gateway that numbers its messages
 * (`seq`) keeps their samples until it hears here that they are stored, or refused for good, and sends them
 * again otherwise. A broker's PUBACK only says the broker took a message; a broker restarted before the
 * portal's subscription is back acknowledges and drops (Mosquitto 2.0 restores no shared subscription), and
 * this is what makes that loss nobody's: the gateway resends. The seqs stored in one turn of the event loop
 * go out together, one message per gateway (a group commit stores many of a gateway's messages at once).
 */
export class StoredConfirmations {
  private readonly due = new Map<string, StoredConfirmation & { refused: number[] }>();
  private scheduled = false;
  confirmationsSent = 0;

  constructor(
    private readonly devices: DevicePublisher,
    private readonly logger: Logger,
  ) {}

  /** The message numbered `seq` (undefined: a gateway that does not number them) was stored or refused. */
  note(mac: string, seq: number | undefined, outcome: 'stored' | 'refused'): void {
    if (seq === undefined) return;
    let entry = this.due.get(mac);
    if (!entry) {
      entry = { stored: [], refused: [] };
      this.due.set(mac, entry);
    }
    entry[outcome].push(seq);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.send());
  }

  private send(): void {
    this.scheduled = false;
    const batch = [...this.due];
    this.due.clear();
    for (const [mac, { stored, refused }] of batch) {
      const message: StoredConfirmation = refused.length > 0 ? { stored, refused } : { stored };
      this.confirmationsSent++;
      // Lost (the broker away): the gateway sends the samples again and the copy is ignored (same TI).
      this.devices
        .publishToDevices(deviceDown.stored(mac), message, 1)
        .catch((error: Error) =>
          this.logger.debug({ err: error, mac }, 'stored confirmation not sent; the gateway resends'),
        );
    }
  }
}

/** The `seq` of a telemetry payload even when the rest of it is refused; undefined when it has none. */
export function telemetrySeq(json: unknown): number | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const seq = (json as { seq?: unknown }).seq;
  return typeof seq === 'number' && Number.isInteger(seq) && seq >= 0 && seq <= MAX_TELEMETRY_SEQ
    ? seq
    : undefined;
}
