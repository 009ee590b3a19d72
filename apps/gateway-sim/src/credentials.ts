import { readFile } from 'node:fs/promises';
import { normalizeMac } from '@portal/contract';
import { generateGatewayMac } from './device-profile.ts';
import type { GatewayCredential } from './options.ts';
import { deriveSeed, seededRandom } from './random.ts';

function optionalString(entry: Record<string, unknown>, key: string, index: number): string | undefined {
  const value = entry[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new Error(`credentials[${index}].${key} must be a string`);
  return value;
}

/** Validates the content of a credentials file: a JSON array of {mac, password?, scopeId?, pump?}. */
export function parseCredentials(json: unknown): GatewayCredential[] {
  if (!Array.isArray(json)) throw new Error('credentials must be a JSON array');
  return json.map((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null)
      throw new Error(`credentials[${index}] must be an object`);
    const record = entry as Record<string, unknown>;
    const mac = typeof record.mac === 'string' ? normalizeMac(record.mac) : null;
    if (!mac) throw new Error(`credentials[${index}].mac is not a MAC address`);
    const password = optionalString(record, 'password', index);
    const scopeId = optionalString(record, 'scopeId', index);
    if (record.pump !== undefined && typeof record.pump !== 'boolean')
      throw new Error(`credentials[${index}].pump must be true or false`);
    return {
      mac,
      ...(password === undefined ? {} : { password }),
      ...(scopeId === undefined ? {} : { scopeId }),
      ...(record.pump === true ? { pump: true } : {}),
    };
  });
}

export async function loadCredentials(file: string): Promise<GatewayCredential[]> {
  const text = await readFile(file, 'utf8');
  try {
    return parseCredentials(JSON.parse(text));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

/** `count` distinct gateway MACs derived from the seed, without passwords (for open brokers). */
export function generateCredentials(count: number, seed: number): GatewayCredential[] {
  const random = seededRandom(deriveSeed(seed, 'gateway-macs'));
  const macs = new Set<string>();
  while (macs.size < count) macs.add(generateGatewayMac(random));
  return [...macs].map((mac) => ({ mac }));
}
