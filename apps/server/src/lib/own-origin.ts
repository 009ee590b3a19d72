import type { AddressInfo } from 'node:net';

/** Addresses that mean "every interface": a link cannot point at them, so it names localhost instead. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The portal's own address, where links in mails point: PUBLIC_URL when set, otherwise the address this
 * instance was configured to listen on (`http://{HOST}:{port}`, localhost for a wildcard HOST). Never a
 * request's Host header, which the sender of the request chooses (docs/identity.md 'Links').
 */
export function ownOrigin(
  config: { PUBLIC_URL?: string; HOST: string; PORT: number },
  listening?: AddressInfo | string | null,
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const port = typeof listening === 'object' && listening ? listening.port : config.PORT;
  const host = WILDCARD_HOSTS.has(config.HOST) ? 'localhost' : config.HOST;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}
