import type { DeviceStateMessage } from '@portal/contract';
import { chance, pickOne, type Random, randomHex, randomInt } from './random.ts';

export type GatewayLocation = NonNullable<DeviceStateMessage['LCTN']>;

/** The slowly changing facts a gateway reports in its state message (everything but TI and the lock engine). */
export interface DeviceFacts {
  FW: string;
  OS: string;
  NW: 0 | 1 | 2;
  SS: number;
  HS: 0 | 1;
  HSIPRC: 0 | 1;
  CMS: 0 | 1;
  LCTN: GatewayLocation;
}

export const NETWORK = { cellular: 0, wifi: 1, ethernet: 2 } as const;

const OS_VERSIONS = ['5.10.103', '5.15.1', '5.15.32', '5.15.84', '6.1.21', '6.1.58'] as const;

const LOCATIONS: readonly GatewayLocation[] = [
  {
    SRT: '221B Baker Street',
    CTY: 'London',
    STATE: 'England',
    CNTRY: 'UK',
    ZCODE: 'NW1 6XE',
    LAT: 51.5238,
    LNG: -0.1586,
  },
  {
    SRT: '350 Fifth Avenue',
    CTY: 'New York',
    STATE: 'NY',
    CNTRY: 'USA',
    ZCODE: '10118',
    LAT: 40.7484,
    LNG: -73.9857,
  },
  {
    SRT: 'Unter den Linden 77',
    CTY: 'Berlin',
    STATE: 'Berlin',
    CNTRY: 'Germany',
    ZCODE: '10117',
    LAT: 52.5163,
    LNG: 13.3777,
  },
  {
    SRT: 'MG Road 12',
    CTY: 'Bengaluru',
    STATE: 'Karnataka',
    CNTRY: 'India',
    ZCODE: '560001',
    LAT: 12.9756,
    LNG: 77.6066,
  },
  {
    SRT: '1 Market Street',
    CTY: 'San Francisco',
    STATE: 'CA',
    CNTRY: 'USA',
    ZCODE: '94105',
    LAT: 37.7936,
    LNG: -122.3958,
  },
  {
    SRT: 'George Street 200',
    CTY: 'Sydney',
    STATE: 'NSW',
    CNTRY: 'Australia',
    ZCODE: '2000',
    LAT: -33.8617,
    LNG: 151.2073,
  },
];

/** A Raspberry Pi style MAC (the gateway firmware type is RASPI): B827EB followed by six random hex digits. */
export function generateGatewayMac(random: Random): string {
  return `B827EB${randomHex(random, 6)}`;
}

/** Firmware versions are release dates: 'v2024-05-12'. */
export function firmwareVersion(random: Random): string {
  const month = randomInt(random, 1, 12);
  const day = randomInt(random, 1, 28);
  const year = randomInt(random, 2024, 2025);
  return `v${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function signalLevelFor(network: DeviceFacts['NW'], random: Random): number {
  if (network === NETWORK.ethernet) return 5;
  if (network === NETWORK.wifi) return randomInt(random, 2, 5);
  return randomInt(random, 1, 4);
}

export function randomDeviceFacts(random: Random): DeviceFacts {
  const roll = random();
  const network = roll < 0.5 ? NETWORK.wifi : roll < 0.8 ? NETWORK.ethernet : NETWORK.cellular;
  return {
    FW: firmwareVersion(random),
    OS: pickOne(random, OS_VERSIONS),
    NW: network,
    SS: signalLevelFor(network, random),
    HS: chance(random, 0.3) ? 1 : 0,
    HSIPRC: 0,
    CMS: chance(random, 0.5) ? 1 : 0,
    LCTN: pickOne(random, LOCATIONS),
  };
}

/** Wireless signal wanders by one level now and then; a wired link stays at 5. */
export function driftSignalLevel(facts: DeviceFacts, random: Random): number {
  if (facts.NW === NETWORK.ethernet || !chance(random, 0.3)) return facts.SS;
  const step = chance(random, 0.5) ? 1 : -1;
  return Math.min(5, Math.max(0, facts.SS + step));
}

/** Local UTC offset implied by the location's longitude, for the sensors' daily cycle. */
export function utcOffsetHours(location: GatewayLocation): number {
  return Math.round((location.LNG ?? 0) / 15);
}
