/**
 * A portal in a process of its own for bench/webhooks.ts's kill phase: built from the environment it is sent
 * (`{ env }`, answers `{ ready: true }`), then `{ emit: { tenantId, from, rate, ms } }` emits `notable` events
 * (data.seq from `from` on) at `rate` per second for `ms`, telling the parent every 20 ms which of them were
 * stored (their emit resolved: the delivery rows are committed) as `{ stored: number[] }`. The bench kills it
 * with SIGKILL mid-stream.
 */
import pino from 'pino';
import { buildApp, type Portal } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

let portal: Portal | undefined;
let stored: number[] = [];
setInterval(() => {
  if (stored.length === 0) return;
  process.send?.({ stored });
  stored = [];
}, 20);

process.on('message', async (message: { env?: Record<string, string>; emit?: EmitOrder }) => {
  if (message.env) {
    portal = await buildApp(loadConfig(message.env), pino({ level: 'silent' }));
    process.send?.({ ready: true });
  }
  if (message.emit && portal) await emit(portal, message.emit);
});
process.on('disconnect', () => process.exit(1));

interface EmitOrder {
  tenantId: string;
  from: number;
  rate: number;
  ms: number;
}

async function emit(target: Portal, { tenantId, from, rate, ms }: EmitOrder): Promise<void> {
  const start = performance.now();
  const total = Math.floor((ms / 1000) * rate);
  let count = 0;
  while (count < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
    for (; count < due; count++) {
      const seq = from + count;
      void target.events
        .emit('notable', {
          tenantId,
          type: 'lock.unlocked',
          occurredAt: Date.now(),
          data: { seq, lockId: 'bench', lockName: 'Bench door' },
        })
        .then(() => stored.push(seq));
    }
    await new Promise((r) => setTimeout(r, 2));
  }
}
