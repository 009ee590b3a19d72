/**
 * The webhook bench's receivers, in a process of their own (forked by bench/webhooks.ts) so the portal's CPU is
 * measured apart: `count` node:http servers on 127.0.0.1, each with its own secret, checking every delivery's
 * signature (docs/webhooks.md; a batch's events each recorded) and answering 204. Tells the parent `{ ready: [{ url, secret }] }` once
 * listening, then every 50 ms the arrivals since the last report as [receiver, seq, epoch ms] triples, and
 * `{ cpuMs }` when asked `{ cpu: true }`.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../../apps/server/test/webhook-receiver.ts';

type Event = { data: { seq: number } };

const count = Number(process.argv[2] ?? '10');
const now = () => performance.timeOrigin + performance.now();
let arrivals: number[] = [];
let badSignatures = 0;

const receivers = await Promise.all(
  Array.from({ length: count }, async (_, index) => {
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const at = now();
        const body = Buffer.concat(chunks).toString('utf8');
        if (!verifySignature(secret, req.headers, body)) {
          badSignatures++;
          res.writeHead(401).end();
          return;
        }
        const parsed = JSON.parse(body) as Event | { type: 'batch'; events: Event[] };
        // A batched webhook's request carries several events (docs/webhooks.md, Batched delivery).
        for (const event of 'events' in parsed ? parsed.events : [parsed])
          arrivals.push(index, event.data.seq, at);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, secret };
  }),
);
process.send?.({ ready: receivers });
setInterval(() => {
  if (arrivals.length === 0 && badSignatures === 0) return;
  process.send?.({ arrivals, badSignatures });
  arrivals = [];
  badSignatures = 0;
}, 50);
process.on('message', (message: { cpu?: boolean; exit?: boolean }) => {
  if (message.cpu) {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMs: (user + system) / 1000 });
  }
  if (message.exit) process.exit(0);
});
