import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Outbound HTTP to addresses customers give (webhooks, alert channels; issue 31), with the SSRF guard of
 * docs/webhooks.md: only public unicast addresses are called, unless an address lies inside one of the
 * operator's allowed networks (OUTBOUND_ALLOW_NETWORKS). The address checked is the one connected to: a
 * host name is resolved once, by the request's own `lookup`, so a second answer (DNS rebinding) cannot
 * reach a private address; an IP literal (in any form the URL parser accepts: 2130706433, 0x7f.1,
 * [::ffff:127.0.0.1]) is checked as the URL parser normalises it. Redirects are not followed. Connections are
 * kept alive and reused per receiver (host and port, up to MAX_SOCKETS_PER_HOST at once): the check is made
 * when a connection is opened, and a reused one goes to the address checked then.
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
  /** POSTs `body`; rejects with OutboundTargetRefused for a refused target, with an Error for a network failure or a time-out. */
  post(
    url: string,
    body: string,
    headers: Record<string, string>,
    timeoutMs?: number,
  ): Promise<OutboundResponse>;
}

const RESPONSE_BODY_LIMIT = 2048;
const DEFAULT_TIMEOUT_MS = 10_000;
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

  const agentOptions = {
    keepAlive: true,
    maxSockets: MAX_SOCKETS_PER_HOST,
    maxFreeSockets: MAX_SOCKETS_PER_HOST,
    timeout: IDLE_SOCKET_MS,
    scheduling: 'lifo' as const,
    lookup: guardedLookup,
  };
  const httpAgent = new HttpAgent(agentOptions);
  const httpsAgent = new HttpsAgent(agentOptions);

  return {
    post(url, body, headers, timeoutMs = DEFAULT_TIMEOUT_MS) {
      return new Promise<OutboundResponse>((resolve, reject) => {
        let target: URL;
        try {
          target = new URL(url);
        } catch {
          reject(new OutboundTargetRefused('Refused target: not a valid URL'));
          return;
        }
        if (target.protocol !== 'http:' && target.protocol !== 'https:') {
          reject(
            new OutboundTargetRefused(`Refused target: the scheme ${target.protocol} is not http or https`),
          );
          return;
        }
        const literal = literalAddress(target.hostname);
        try {
          if (literal !== null) check(literal);
        } catch (refused) {
          reject(refused);
          return;
        }
        let settled = false;
        const finish = (error: Error | null, response?: OutboundResponse) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (error) reject(error);
          else resolve(response as OutboundResponse);
        };
        const https = target.protocol === 'https:';
        const send = https ? httpsRequest : httpRequest;
        const req = send(
          target,
          {
            method: 'POST',
            agent: https ? httpsAgent : httpAgent,
            headers: { ...headers, 'Content-Length': Buffer.byteLength(body).toString() },
          },
          (res: IncomingMessage) => {
            const chunks: Buffer[] = [];
            let size = 0;
            const done = () =>
              finish(null, {
                status: res.statusCode ?? 0,
                body: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_BODY_LIMIT),
              });
            res.on('data', (chunk: Buffer) => {
              if (size >= RESPONSE_BODY_LIMIT) return;
              chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - size));
              size += Math.min(chunk.length, RESPONSE_BODY_LIMIT - size);
              if (size >= RESPONSE_BODY_LIMIT) {
                // A long answer: what is kept was read; the connection is not reused.
                done();
                res.destroy();
              }
            });
            // Read to its end, the connection goes back to the agent for the next request.
            res.on('end', done);
            res.on('error', (error) => finish(error));
          },
        );
        // The address actually connected to, checked once more (a literal or a looked-up one alike) when the
        // connection opens; a reused connection was checked when it opened.
        req.on('socket', (socket) => {
          if (!socket.connecting) return;
          socket.once('connect', () => {
            const remote = socket.remoteAddress;
            if (remote === undefined) return;
            try {
              check(remote);
            } catch (refused) {
              req.destroy(refused as Error);
            }
          });
        });
        req.on('error', (error) => finish(error));
        const timer = setTimeout(() => {
          const error = new Error(`Timed out after ${timeoutMs} ms`);
          finish(error);
          req.destroy(error);
        }, timeoutMs);
        req.end(body);
      });
    },
  };
}
