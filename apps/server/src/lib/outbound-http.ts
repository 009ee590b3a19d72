import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction, connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import ipaddr from 'ipaddr.js';
import { Agent, type buildConnector, errors } from 'undici';

/**
 * Outbound HTTP to addresses customers give (webhooks, alert channels; issue 31), with the SSRF guard of
 * docs/webhooks.md: only public unicast addresses are called, unless an address lies inside one of the
 * operator's allowed networks (OUTBOUND_ALLOW_NETWORKS). The address checked is the one connected to: a
 * host name is resolved once, by the request's own `lookup`, so a second answer (DNS rebinding) cannot
 * reach a private address; an IP literal (in any form the URL parser accepts: 2130706433, 0x7f.1,
 * [::ffff:127.0.0.1]) is checked as the URL parser normalises it. Redirects are not followed. Requests go
 * through an undici Agent: connections are kept alive and reused per receiver (origin, up to
 * MAX_SOCKETS_PER_HOST at once); its connector makes both checks when a connection opens, and a reused one
 * goes to the address checked then.
 */
export class OutboundTargetRefused extends Error {
  override readonly name = 'OutboundTargetRefused';
}

export interface OutboundResponse {
  status: number;
  /** The response body's first 2 KB (as UTF-8 text). */
  body: string;
}

export interface OutboundHttp {
  /**
   * POSTs `body` with `headers` (taken over: the Content-Length is added to it); rejects with
   * OutboundTargetRefused for a refused target, with an Error for a network failure or a time-out.
   */
  post(
    url: string,
    body: string,
    headers: Record<string, string>,
    timeoutMs?: number,
  ): Promise<OutboundResponse>;
}

const RESPONSE_BODY_LIMIT = 2048;
const DEFAULT_TIMEOUT_MS = 10_000;
/** A new connection (its lookup, TCP and TLS) must be open within this long. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Connections open to one receiver at once; more requests wait for a free one. */
const MAX_SOCKETS_PER_HOST = 32;
/** An idle kept-alive connection is closed after this long (under the 5 s of Node's own servers). */
const IDLE_SOCKET_MS = 4000;

type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses CIDR strings (a bare address is its own /32 or /128); throws for a malformed one. */
export function parseNetworks(networks: readonly string[]): Network[] {
  return networks.map((text) => {
    const trimmed = text.trim();
    if (ipaddr.isValidCIDR(trimmed)) return ipaddr.parseCIDR(trimmed);
    const address = ipaddr.parse(trimmed);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  });
}

/**
 * Why an address may not be called, or null when it may: anything but public unicast is refused
 * (loopback, RFC 1918, CGNAT, link-local with the cloud metadata address, unique-local, unspecified,
 * multicast, broadcast, reserved and documentation ranges), an IPv4-mapped IPv6 address as its IPv4 form,
 * unless it lies inside one of `allowed`.
 */
export function refusalReason(address: string, allowed: readonly Network[]): string | null {
  if (!ipaddr.isValid(address)) return `not an IP address: ${address}`;
  const parsed = ipaddr.parse(address);
  const plain =
    parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
      ? (parsed as ipaddr.IPv6).toIPv4Address()
      : parsed;
  for (const [network, bits] of allowed) {
    if (plain.kind() === network.kind() && plain.match(network, bits)) return null;
    if (parsed.kind() === network.kind() && parsed.match(network, bits)) return null;
  }
  const range = plain.range();
  if (range === 'unicast') return null;
  return `${plain.toString()} is a ${range} address`;
}

/** The URL's host as an IP address when it is one (IPv6 without brackets), else null. */
function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}

export function outboundHttp(allowNetworks: readonly string[]): OutboundHttp {
  const allowed = parseNetworks(allowNetworks);

  const check = (address: string) => {
    const reason = refusalReason(address, allowed);
    if (reason !== null) throw new OutboundTargetRefused(`Refused target address: ${reason}`);
  };

  // Resolves once and refuses the host when any of its addresses is refused: the socket connects to the
  // addresses given here, so what was checked is what is called.
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      try {
        if (addresses.length === 0)
          throw new OutboundTargetRefused(`Refused target address: ${hostname} has no address`);
        for (const entry of addresses) check(entry.address);
      } catch (refused) {
        return callback(refused as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses as [LookupAddress];
      callback(null, first.address, first.family);
    });
  };

  // Every new connection: resolved by the guarded lookup, and the address connected to checked once more (a
  // literal or a looked-up one alike) before the connection is handed to a request.
  const connect: buildConnector.connector = (options, callback) => {
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
    const socket =
      options.protocol === 'https:'
        ? tlsConnect({
            host: options.hostname,
            port,
            servername: isIP(options.hostname) === 0 ? (options.servername ?? options.hostname) : undefined,
            lookup: guardedLookup,
          })
        : netConnect({ host: options.hostname, port, lookup: guardedLookup });
    const event = options.protocol === 'https:' ? 'secureConnect' : 'connect';
    const failed = (error: Error) => {
      clearTimeout(timer);
      callback(error, null);
    };
    const timer = setTimeout(
      () => socket.destroy(new Error(`Timed out after ${CONNECT_TIMEOUT_MS} ms (connecting)`)),
      CONNECT_TIMEOUT_MS,
    );
    socket.once('error', failed);
    socket.once(event, () => {
      clearTimeout(timer);
      socket.off('error', failed);
      try {
        if (socket.remoteAddress !== undefined) check(socket.remoteAddress);
      } catch (refused) {
        socket.destroy();
        return callback(refused as Error, null);
      }
      callback(null, socket);
    });
    socket.setNoDelay(true);
    return socket;
  };
  const dispatcher = new Agent({
    connect,
    connections: MAX_SOCKETS_PER_HOST,
    keepAliveTimeout: IDLE_SOCKET_MS,
    keepAliveMaxTimeout: IDLE_SOCKET_MS,
  });

  return {
    async post(url, body, headers, timeoutMs = DEFAULT_TIMEOUT_MS) {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        throw new OutboundTargetRefused('Refused target: not a valid URL');
      }
      if (target.protocol !== 'http:' && target.protocol !== 'https:')
        throw new OutboundTargetRefused(`Refused target: the scheme ${target.protocol} is not http or https`);
      const literal = literalAddress(target.hostname);
      if (literal !== null) check(literal);
      // The time-out is undici's own (no timer and AbortController per request): the connection's, then the
      // answer's headers within `timeoutMs` of the request being written, then no pause longer in its body.
      headers['content-length'] = String(Buffer.byteLength(body));
      try {
        const response = await dispatcher.request({
          origin: target.origin,
          path: `${target.pathname}${target.search}`,
          method: 'POST',
          headers,
          body,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of response.body as AsyncIterable<Buffer>) {
          chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - size));
          size += Math.min(chunk.length, RESPONSE_BODY_LIMIT - size);
          // A long answer: what is kept was read; the connection is not reused.
          if (size >= RESPONSE_BODY_LIMIT) {
            response.body.destroy();
            break;
          }
        }
        return {
          status: response.statusCode,
          body: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_BODY_LIMIT),
        };
      } catch (error) {
        // undici wraps a connector's error; the refusal keeps its type for the caller.
        const cause = (error as { cause?: unknown }).cause;
        if (error instanceof OutboundTargetRefused) throw error;
        if (cause instanceof OutboundTargetRefused) throw cause;
        if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError)
          throw new Error(`Timed out after ${timeoutMs} ms`);
        throw error;
      }
    },
  };
}
