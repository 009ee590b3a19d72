import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

/**
 * A webhook receiver as a customer would run one: node:http on 127.0.0.1 and a random port, answering each POST
 * with the next status of `statuses` (the last one repeated), keeping what it received.
 */
export async function startReceiver(statuses: number[] = [200]) {
  const received: ReceivedWebhook[] = [];
  let answers = [...statuses];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body, receivedAt: Date.now() });
      const status = answers.length > 1 ? (answers.shift() as number) : (answers[0] ?? 200);
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status < 300 ? 'ok' : 'receiver failed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** From now on answer with these statuses (the last one repeated). */
    answer(next: number[]) {
      answers = [...next];
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The receiver's check of docs/webhooks.md: some v1= signature of Webhook-Signature is the HMAC-SHA256 of
 * `${Webhook-Timestamp}.${body}` under `secret`.
 */
export function verifySignature(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .filter((part) => part.startsWith('v1='))
    .some((part) => {
      const given = Buffer.from(part.slice(3), 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
