/// <reference path="./smpp.d.ts" />
import smpp, { type PDU, type Session } from 'smpp';

/** Sends one text message; rejects with the reason when the provider did not take it. */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
  close(): Promise<void>;
}

/** ESME_RTHROTTLED and friends: the SMSC's command_status as a readable reason. */
const STATUS_NAMES: Readonly<Record<number, string>> = {
  14: 'invalid password',
  15: 'invalid system id',
  13: 'bind failed',
  88: 'throttled',
  20: 'message queue full',
  11: 'invalid destination address',
  69: 'submit failed',
};
const statusText = (status: number) =>
  `0x${status.toString(16).padStart(8, '0')}${STATUS_NAMES[status] ? ` (${STATUS_NAMES[status]})` : ''}`;

/** SMPP text limit of one short_message in the GSM alphabet; longer texts are cut (one SMS each). */
export const SMS_MAX_LENGTH = 160;

/**
 * SMPP 3.4 (what SMS aggregators accept) from `SMS_URL`: `smpp://system_id:password@host:2775?source=Portal`.
 * One transceiver session, bound on first use and again after it drops; every submit_sm waits for its
 * response (command_status 0) or fails with the SMSC's status.
 */
export class SmppProvider implements SmsProvider {
  private session: Promise<Session> | null = null;
  private readonly host: string;
  private readonly port: number;
  private readonly systemId: string;
  private readonly password: string;
  private readonly source: string;

  constructor(
    url: string,
    private readonly timeoutMs = 10_000,
  ) {
    const parsed = new URL(url);
    this.host = parsed.hostname;
    this.port = Number(parsed.port || 2775);
    this.systemId = decodeURIComponent(parsed.username);
    this.password = decodeURIComponent(parsed.password);
    this.source = parsed.searchParams.get('source') ?? 'IoTPortal';
  }

  async send(to: string, text: string): Promise<void> {
    this.session ??= this.bind().catch((error: unknown) => {
      this.session = null;
      throw error;
    });
    const session = await this.session;
    const international = to.trim().startsWith('+');
    const response = await this.request((callback) =>
      session.submit_sm(
        {
          source_addr: this.source,
          source_addr_ton: /^\d+$/.test(this.source) ? 1 : 5,
          source_addr_npi: /^\d+$/.test(this.source) ? 1 : 0,
          destination_addr: to.replace(/\D/g, ''),
          dest_addr_ton: international ? 1 : 0,
          dest_addr_npi: 1,
          short_message: text.slice(0, SMS_MAX_LENGTH),
        },
        callback,
      ),
    );
    if (response.command_status !== 0)
      throw new Error(`SMPP submit_sm refused: ${statusText(response.command_status)}`);
  }

  async close(): Promise<void> {
    const pending = this.session;
    this.session = null;
    const session = await pending?.catch(() => null);
    if (!session) return;
    await this.request((callback) => session.unbind({}, callback)).catch(() => undefined);
    session.destroy();
  }

  private bind(): Promise<Session> {
    return new Promise<Session>((resolve, reject) => {
      const session = smpp.connect({ host: this.host, port: this.port, auto_enquire_link_period: 30_000 });
      const timer = setTimeout(() => {
        session.destroy();
        reject(new Error(`SMPP server ${this.host}:${this.port} did not answer in ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      const forget = () => {
        if (this.session && settled) this.session = null;
      };
      let settled = false;
      session.on('error', (error: Error) => {
        clearTimeout(timer);
        forget();
        if (!settled) reject(new Error(`SMPP connection failed: ${error.message}`));
      });
      session.on('close', forget);
      session.on('connect', () => {
        session.bind_transceiver({ system_id: this.systemId, password: this.password }, (pdu: PDU) => {
          clearTimeout(timer);
          settled = true;
          if (pdu.command_status === 0) resolve(session);
          else {
            session.destroy();
            reject(new Error(`SMPP bind refused: ${statusText(pdu.command_status)}`));
          }
        });
      });
    });
  }

  /** One request and its response, or a time-out / a closed connection as an error. */
  private request(send: (callback: (pdu: PDU) => void) => boolean): Promise<PDU> {
    return new Promise<PDU>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.session = null;
        reject(new Error(`SMPP response not received in ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      const sent = send((pdu) => {
        clearTimeout(timer);
        resolve(pdu);
      });
      if (!sent) {
        clearTimeout(timer);
        this.session = null;
        reject(new Error('SMPP connection closed'));
      }
    });
  }
}
