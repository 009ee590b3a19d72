/// <reference path="../src/modules/alert-engine/notifications/smpp.d.ts" />
import type { AddressInfo } from 'node:net';
import smpp, { type PDU } from 'smpp';

export interface ReceivedSms {
  systemId: string;
  from: string;
  to: string;
  text: string;
}

export interface TestSmpp {
  url: string;
  port: number;
  messages: ReceivedSms[];
  /** The oldest message to `to` (digits) not returned before; waits up to `timeoutMs`. */
  waitForMessage(to: string, timeoutMs?: number): Promise<ReceivedSms>;
  close(): Promise<void>;
}

/**
 * A real SMPP 3.4 server (the `smpp` package's) on 127.0.0.1: binds `system_id`/`password` as given (others
 * are refused with ESME_RINVPASWD), answers each submit_sm and keeps what it received.
 */
export async function startSmpp(
  options: { port?: number; systemId?: string; password?: string } = {},
): Promise<TestSmpp> {
  const systemId = options.systemId ?? 'portal';
  const password = options.password ?? 'secret';
  const messages: ReceivedSms[] = [];
  const taken = new Set<ReceivedSms>();
  let sequence = 0;
  const server = smpp.createServer((session) => {
    let bound = '';
    session.on('error', () => {});
    session.on('bind_transceiver', (pdu: PDU) => {
      if (pdu.system_id !== systemId || pdu.password !== password) {
        session.send(pdu.response({ command_status: 0x0e }));
        return;
      }
      bound = String(pdu.system_id);
      session.send(pdu.response({ system_id: 'test-smsc' }));
    });
    session.on('submit_sm', (pdu: PDU) => {
      if (!bound) {
        session.send(pdu.response({ command_status: 0x04 }));
        return;
      }
      const body = pdu.short_message as { message?: string | Buffer } | Buffer | string;
      const text =
        typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : String(body);
      messages.push({
        systemId: bound,
        from: String(pdu.source_addr),
        to: String(pdu.destination_addr),
        text,
      });
      session.send(pdu.response({ message_id: String(++sequence) }));
    });
    session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()));
    session.on('unbind', (pdu: PDU) => {
      session.send(pdu.response());
      session.close();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smpp://${systemId}:${password}@127.0.0.1:${port}?source=IoTPortal`,
    port,
    messages,
    async waitForMessage(to, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to === to && !taken.has(m));
        if (found) {
          taken.add(found);
          return found;
        }
        if (Date.now() > until) throw new Error(`no SMS to ${to} in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      for (const session of [...server.sessions]) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
