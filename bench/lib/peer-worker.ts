/**
 * The peer pipeline of bench/ingest-peer.ts, in a process of its own: what a minimal hand-written ingest
 * would be. mqtt.js consumers on a shared subscription at Mosquitto; each message's samples go into a batch
 * written with one multi-row INSERT ... ON CONFLICT DO NOTHING into its own table; the message is
 * acknowledged (mqtt.js `handleMessage` callback, which sends the PUBACK) only after its batch committed.
 * No schema validation beyond JSON, no gateway lookup, no rollups, no live fan-out.
 *
 * mqtt.js hands a connection's messages over one at a time (the next comes after the previous one's
 * callback), so a batch holds at most one message per connection. A batch is written when it holds
 * MAX_ROWS rows, when its oldest message has waited MAX_WAIT_MS, or at once when every connection is
 * waiting on it (nothing else can arrive before an acknowledgement, so waiting would only add latency).
 * One batch is written at a time.
 */
import { METRIC_CATALOGUE, storedColumns } from '@portal/contract';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import pg from 'pg';
import { serveHarness } from './worker.ts';

export const PEER_TABLE = 'peer_samples';
const MAX_ROWS = 500;
const MAX_WAIT_MS = 100;
/** The stored metrics of the catalogue: their columns and telemetry keys. */
const STORED = Object.entries(storedColumns(METRIC_CATALOGUE));
const METRIC_KEYS = STORED.map(([, key]) => key);
const COLUMNS = ['mac', 'ti', ...STORED.map(([column]) => column)];

type Row = (string | number | null)[];

export interface PeerStart {
  databaseUrl: string;
  brokerUrl: string;
  connections: number;
  group: string;
}

interface Waiting {
  rows: Row[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

class Batcher {
  readonly counters = { batches: 0, rows: 0, messages: 0 };
  private pending: Waiting[] = [];
  private pendingRows = 0;
  private oldestAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly connections: number,
    private readonly write: (rows: Row[]) => Promise<void>,
  ) {}

  add(rows: Row[]): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) this.oldestAt = performance.now();
      this.pending.push({ rows, resolve, reject });
      this.pendingRows += rows.length;
      this.consider();
    });
  }

  async idle(): Promise<void> {
    while (this.writing || this.pending.length) {
      this.flush();
      await this.writing;
    }
  }

  private consider(): void {
    if (this.writing || this.pending.length === 0) return;
    const waited = performance.now() - this.oldestAt;
    if (this.pendingRows >= MAX_ROWS || this.pending.length >= this.connections || waited >= MAX_WAIT_MS) {
      this.flush();
    } else {
      this.timer ??= setTimeout(() => this.flush(), MAX_WAIT_MS - waited);
    }
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.writing || this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.pendingRows = 0;
    const rows = batch.flatMap((w) => w.rows);
    this.writing = this.write(rows)
      .then(
        () => {
          this.counters.batches++;
          this.counters.rows += rows.length;
          this.counters.messages += batch.length;
          for (const w of batch) w.resolve();
        },
        (error: unknown) => {
          for (const w of batch) w.reject(error);
        },
      )
      .finally(() => {
        this.writing = null;
        this.consider();
      });
  }
}

function toRows(packet: IPublishPacket): Row[] {
  const mac = packet.topic.split('/')[1]!;
  const { samples } = JSON.parse(packet.payload.toString()) as { samples: Record<string, number>[] };
  return samples.map((s) => [mac, s.TI!, ...METRIC_KEYS.map((k) => s[k] ?? null)]);
}

let pool: pg.Pool | null = null;
let batcher: Batcher | null = null;
let clients: MqttClient[] = [];
let badMessages = 0;

async function insert(rows: Row[]): Promise<void> {
  const client = await pool!.connect();
  const chunks = Math.ceil(rows.length / MAX_ROWS);
  try {
    if (chunks > 1) await client.query('BEGIN');
    for (let start = 0; start < rows.length; start += MAX_ROWS) {
      const chunk = rows.slice(start, start + MAX_ROWS);
      const tuples = chunk.map(
        (_, r) => `(${COLUMNS.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(',')})`,
      );
      await client.query(
        `INSERT INTO ${PEER_TABLE} (${COLUMNS.join(',')}) VALUES ${tuples.join(',')} ON CONFLICT DO NOTHING`,
        chunk.flat(),
      );
    }
    if (chunks > 1) await client.query('COMMIT');
  } catch (error) {
    if (chunks > 1) await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

serveHarness({
  async start(argument) {
    const { databaseUrl, brokerUrl, connections, group } = argument as PeerStart;
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    await pool.query(
      `CREATE TABLE IF NOT EXISTS ${PEER_TABLE} (mac text NOT NULL, ti bigint NOT NULL, ${COLUMNS.slice(2)
        .map((c) => `${c} double precision`)
        .join(', ')}, PRIMARY KEY (mac, ti))`,
    );
    batcher = new Batcher(connections, insert);
    clients = await Promise.all(
      Array.from({ length: connections }, async (_, n) => {
        const client = await mqtt.connectAsync(brokerUrl, {
          clientId: `${group}-${n}`,
          protocolVersion: 5,
          clean: true,
          reconnectPeriod: 1000,
        });
        client.handleMessage = (packet: IPublishPacket, done: (error?: Error) => void) => {
          let rows: Row[];
          try {
            rows = toRows(packet);
          } catch {
            badMessages++;
            return done(); // acknowledged and dropped, as the portal does with a bad message
          }
          batcher!.add(rows).then(
            () => done(),
            (error: Error) => done(error), // no PUBACK: Mosquitto sends it again after a reconnect
          );
        };
        await client.subscribeAsync(`$share/${group}/gateways/+/send/telemetry`, { qos: 1 });
        return client;
      }),
    );
    return { table: PEER_TABLE };
  },
  counters: () => ({ ...batcher?.counters, badMessages }),
  async stop() {
    await Promise.all(clients.map((c) => c.endAsync()));
    await batcher?.idle();
    await pool?.end();
  },
});
