import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundTargetRefused, outboundHttp, parseNetworks, refusalReason } from './outbound-http.ts';

describe('refusalReason', () => {
  const none = parseNetworks([]);

  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    '169.254.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
  ])('refuses %s', (address) => {
    expect(refusalReason(address, none)).not.toBeNull();
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.0',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(refusalReason(address, none)).toBeNull();
  });

  it('allows an address inside an allowed network, at both ends of it, and not one just outside', () => {
    const allowed = parseNetworks(['127.0.0.0/8', '10.1.2.0/24', 'fd00::/8']);
    expect(refusalReason('127.0.0.1', allowed)).toBeNull();
    expect(refusalReason('::ffff:127.0.0.1', allowed)).toBeNull();
    expect(refusalReason('10.1.2.0', allowed)).toBeNull();
    expect(refusalReason('10.1.2.255', allowed)).toBeNull();
    expect(refusalReason('10.1.3.0', allowed)).not.toBeNull();
    expect(refusalReason('10.1.1.255', allowed)).not.toBeNull();
    expect(refusalReason('fd00::5', allowed)).toBeNull();
    expect(refusalReason('fc00::5', allowed)).not.toBeNull();
    expect(refusalReason('169.254.169.254', allowed)).not.toBeNull();
  });

  it('takes a bare address as its own network', () => {
    const allowed = parseNetworks(['192.168.5.5']);
    expect(refusalReason('192.168.5.5', allowed)).toBeNull();
    expect(refusalReason('192.168.5.6', allowed)).not.toBeNull();
  });
});

describe('outboundHttp', () => {
  let server: Server;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push(body);
        if (req.url === '/redirect') {
          res.writeHead(302, { Location: 'http://127.0.0.1/elsewhere' }).end();
        } else if (req.url === '/big') {
          res.writeHead(200).end('x'.repeat(10_000));
        } else if (req.url === '/slow') {
          setTimeout(() => res.writeHead(200).end('late'), 2000);
        } else {
          res.writeHead(201, { 'Content-Type': 'text/plain' }).end(`got ${body}`);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const refused = outboundHttp([]);

  it.each([
    ['a loopback address', () => `http://127.0.0.1:${port}/`],
    ['a decimal IPv4 form', () => `http://2130706433:${port}/`],
    ['a hex IPv4 form', () => `http://0x7f.1:${port}/`],
    ['an octal IPv4 form', () => `http://0177.0.0.1:${port}/`],
    ['an IPv4-mapped IPv6 form', () => `http://[::ffff:127.0.0.1]:${port}/`],
    ['IPv6 loopback', () => `http://[::1]:${port}/`],
    ['a host name resolving to loopback', () => `http://localhost:${port}/`],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private address', () => 'http://10.0.0.1/'],
  ])('refuses %s before sending anything', async (_name, url) => {
    const before = received.length;
    await expect(refused.post(url(), '{}', {}, 2000)).rejects.toBeInstanceOf(OutboundTargetRefused);
    expect(received.length).toBe(before);
  });

  it('refuses schemes other than http and https', async () => {
    await expect(refused.post('ftp://example.com/', '{}', {})).rejects.toThrow(
      /scheme ftp: is not http or https/,
    );
    await expect(refused.post('file:///etc/passwd', '{}', {})).rejects.toBeInstanceOf(OutboundTargetRefused);
    await expect(refused.post('not a url', '{}', {})).rejects.toBeInstanceOf(OutboundTargetRefused);
  });

  const allowed = outboundHttp(['127.0.0.0/8']);

  it('posts to an allowed network and returns the status and body', async () => {
    const response = await allowed.post(`http://127.0.0.1:${port}/hook`, '{"a":1}', {
      'Content-Type': 'application/json',
    });
    expect(response).toEqual({ status: 201, body: 'got {"a":1}' });
  });

  it('resolves an allowed host name (localhost) and posts to it', async () => {
    const response = await allowed.post(`http://localhost:${port}/hook`, 'hi', {});
    expect(response.status).toBe(201);
  });

  it('does not follow a redirect', async () => {
    const response = await allowed.post(`http://127.0.0.1:${port}/redirect`, '', {});
    expect(response.status).toBe(302);
  });

  it('keeps the first 2 KB of the response body', async () => {
    const response = await allowed.post(`http://127.0.0.1:${port}/big`, '', {});
    expect(response.body.length).toBe(2048);
  });

  it('gives up after the time-out', async () => {
    await expect(allowed.post(`http://127.0.0.1:${port}/slow`, '', {}, 200)).rejects.toThrow(
      'Timed out after 200 ms',
    );
  });
});
