import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  /** Envelope recipients. */
  to: string[];
  subject: string;
  /** The decoded plain-text body, with \n line ends (the text/plain part of a multipart mail). */
  text: string;
  /** The decoded text/html part of a multipart mail, '' when it has none. */
  html: string;
  raw: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  /** Every message received, in order. */
  messages: ReceivedMail[];
  /** The oldest message to `to` not returned before; waits for one up to `timeoutMs`. */
  waitForMessage(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (a free port, or `port` to come back on one) that keeps what it receives. */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...parseMessage(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    async waitForMessage(to, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
        if (found) {
          taken.add(found);
          return found;
        }
        if (Date.now() > until) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough MIME for the portal's mail: single-part text, or multipart/alternative with text and HTML parts. */
function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const { head, body } = splitPart(raw);
  const type = head('Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  let text = decodePart(head, body);
  let html = '';
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((part) => splitPart(part.replace(/^\r\n/, '')));
    const of = (kind: string) =>
      parts.find((part) => part.head('Content-Type').toLowerCase().startsWith(kind));
    const plain = of('text/plain');
    const rich = of('text/html');
    text = plain ? decodePart(plain.head, plain.body) : '';
    html = rich ? decodePart(rich.head, rich.body) : '';
  }
  return {
    subject: decodeWords(head('Subject')),
    text: text.replace(/\r\n/g, '\n'),
    html: html.replace(/\r\n/g, '\n'),
  };
}

function splitPart(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const lines = raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n');
  const head = (name: string) =>
    lines
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  return { head, body: raw.slice(split + 4).replace(/\r\n$/, '') };
}

function decodePart(head: (name: string) => string, body: string): string {
  const encoding = head('Content-Transfer-Encoding').toLowerCase();
  return encoding === 'quoted-printable'
    ? decodeQuotedPrintable(body)
    : encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : body;
}

function decodeQuotedPrintable(value: string): string {
  const joined = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
