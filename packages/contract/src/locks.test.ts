import { describe, expect, it } from 'vitest';
import { INSTRUCTION_TYPES, instructionDeadlineMs } from './instructions.ts';
import {
  addLockUserInstruction,
  LOCK_INSTRUCTION_TYPES,
  lockEvent,
  lockEventsMessage,
  lockInstructionError,
  lockInstructionSuccess,
  lockReport,
  MAX_LOCK_EVENTS_PER_MESSAGE,
  MAX_LOCKS_PER_REPORT,
  removeIotUserInstruction,
  reportedLock,
} from './lock-protocol.ts';
import {
  LOCKS_CSV_COLUMNS,
  LOCKS_DEFAULT_PAGE_SIZE,
  LOCKS_PAGE_SIZES,
  lockMessages,
  locksLiveMessage,
  locksQuery,
  lockUnlockEntryMessage,
  lockUsersCountQuery,
} from './locks.ts';
import { deviceUp, LIVE_CHANNELS, live, parseLiveFilter, parseUpstreamTopic } from './topics.ts';

const MAC = 'A4C138F00A01';
const GW = 'B827EB1A2B3C';
const TI = 1_735_725_600_000;
const lock = (i: number) => ({ MAC: `A4C138F0${i.toString(16).toUpperCase().padStart(4, '0')}` });

describe('lock CSV export columns (spec 002 section 3)', () => {
  it('are in the spec order', () => {
    expect(LOCKS_CSV_COLUMNS.join(',')).toBe(
      'macId,name,batteryLevel,firmwareVersion,status,serialNumber,type,lastAccessedTime,time,firstName,lastName,email,emailHash,passcode,employeeId,division,role,userStatus,city,country,ipAddress,timeZone',
    );
  });
});

describe('locks list query (spec 002 section 9)', () => {
  it('pages by 25 by default, 1 to 100', () => {
    expect(LOCKS_PAGE_SIZES).toEqual([10, 25, 50, 100]);
    expect(locksQuery.parse({}).pageSize).toBe(LOCKS_DEFAULT_PAGE_SIZE);
    expect(locksQuery.parse({ pageSize: '1' }).pageSize).toBe(1);
    expect(locksQuery.safeParse({ pageSize: '100' }).success).toBe(true);
    expect(locksQuery.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(locksQuery.safeParse({ macId: 'not-a-mac' }).success).toBe(false);
  });

  it('takes up to 100 lock MACs for the users count', () => {
    const macs = Array.from({ length: 100 }, (_, i) => lock(i).MAC);
    expect(lockUsersCountQuery.parse({ macIds: macs.join(',') }).macIds).toHaveLength(100);
    expect(lockUsersCountQuery.safeParse({ macIds: [...macs, lock(101).MAC].join(',') }).success).toBe(false);
  });
});

describe('lock texts (spec 002 section 8, 001 section 7)', () => {
  it('are verbatim', () => {
    expect(lockMessages.sameTypeRequired).toBe('Please select same type of Locks.');
    expect(lockMessages.instructionFailed).toBe('Failed To Create Instruction');
    expect(lockMessages.unlockCreated).toBe('Successfully Created Unlock Instruction');
    expect(lockMessages.lockCreated).toBe('Successfully Created Lock Instruction');
    expect(lockMessages.invalidForceProbe).toBe('Please select valid locks for force probe');
    expect(lockUnlockEntryMessage('Lock-0A01', false)).toBe('Lock-0A01 Unlock Initiated');
    expect(lockUnlockEntryMessage('Lock-0A01', true)).toBe('Lock-0A01 Lock Initiated');
  });
});

describe('lock topics', () => {
  it('are two new upstream kinds with exactly four levels', () => {
    expect(deviceUp.locks(GW)).toBe(`gateways/${GW}/send/locks`);
    expect(deviceUp.lockEvents(GW)).toBe(`gateways/${GW}/send/lock-events`);
    expect(parseUpstreamTopic(deviceUp.locks(GW))).toEqual({ mac: GW, kind: 'locks', rest: [] });
    expect(parseUpstreamTopic(deviceUp.lockEvents(GW))?.kind).toBe('lock-events');
    expect(parseUpstreamTopic(`${deviceUp.locks(GW)}/extra`)).toBeNull();
  });

  it('have live channels with the REST twins permissions', () => {
    expect(live.locks('s1')).toBe('portal/s1/locks');
    expect(live.lockUsers('s1')).toBe('portal/s1/lock-users');
    expect(LIVE_CHANNELS.locks.permission).toBe('IOT_DEVICE_READ');
    expect(LIVE_CHANNELS.lockUsers.permission).toBe('IOT_USER_READ');
    expect(parseLiveFilter('portal/s1/lock-users')?.channel).toBe('lockUsers');
  });
});

describe('lock report (send/locks)', () => {
  it('takes a full inventory part and an update', () => {
    const full = lockReport.parse({
      kind: 'full',
      TI,
      part: 1,
      parts: 1,
      total: 1,
      locks: [
        {
          MAC,
          name: 'Lock-0A01',
          type: 'BLE-L1',
          batteryLevel: 100,
          firmwareVersion: '2.1.0',
          serialNumber: 'SN-0001',
          status: 'LOCKED',
          mode: 'shared',
          inUse: false,
          RSSI: -61,
          reachable: true,
          lastAccessedTime: TI,
        },
      ],
    });
    expect(full.kind).toBe('full');
    const update = lockReport.parse({ kind: 'update', TI, removed: [MAC] });
    expect(update).toMatchObject({ locks: [], removed: [MAC] });
  });

  it('bounds the battery 0..100, RSSI -127..20 and the locks per message', () => {
    expect(reportedLock.safeParse({ MAC, batteryLevel: 0 }).success).toBe(true);
    expect(reportedLock.safeParse({ MAC, batteryLevel: 100 }).success).toBe(true);
    expect(reportedLock.safeParse({ MAC, batteryLevel: 101 }).success).toBe(false);
    expect(reportedLock.safeParse({ MAC, batteryLevel: -1 }).success).toBe(false);
    expect(reportedLock.safeParse({ MAC, RSSI: -127 }).success).toBe(true);
    expect(reportedLock.safeParse({ MAC, RSSI: -128 }).success).toBe(false);
    expect(reportedLock.safeParse({ MAC, status: 'OPEN' }).success).toBe(false);
    const locks = (n: number) => Array.from({ length: n }, (_, i) => lock(i));
    expect(lockReport.safeParse({ kind: 'update', TI, locks: locks(MAX_LOCKS_PER_REPORT) }).success).toBe(
      true,
    );
    expect(lockReport.safeParse({ kind: 'update', TI, locks: locks(MAX_LOCKS_PER_REPORT + 1) }).success).toBe(
      false,
    );
    expect(lockReport.safeParse({ kind: 'full', TI, part: 21, parts: 21, total: 0, locks: [] }).success).toBe(
      false,
    );
    expect(lockReport.safeParse({ kind: 'update', TI: TI / 1000, locks: [] }).success).toBe(false);
  });
});

describe('lock events (send/lock-events)', () => {
  const entry = { id: 'e1', MAC, TI, kind: 'UNLOCKED', method: 'card', cardCSN: '0A1B2C3D4E' };

  it('takes 1 to 100 entries', () => {
    expect(lockEventsMessage.safeParse({ events: [entry] }).success).toBe(true);
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...entry, id: `e${i}` }));
    expect(lockEventsMessage.safeParse({ events: many(MAX_LOCK_EVENTS_PER_MESSAGE) }).success).toBe(true);
    expect(lockEventsMessage.safeParse({ events: many(MAX_LOCK_EVENTS_PER_MESSAGE + 1) }).success).toBe(
      false,
    );
    expect(lockEventsMessage.safeParse({ events: [] }).success).toBe(false);
  });

  it('needs a reason for a refusal and an alarm for an alarm', () => {
    expect(lockEvent.safeParse({ ...entry, kind: 'REFUSED' }).success).toBe(false);
    expect(lockEvent.safeParse({ ...entry, kind: 'REFUSED', reason: 'WRONG_CODE' }).success).toBe(true);
    expect(lockEvent.safeParse({ ...entry, kind: 'ALARM' }).success).toBe(false);
    expect(lockEvent.safeParse({ ...entry, kind: 'ALARM', alarm: 'JAMMED' }).success).toBe(true);
    expect(lockEvent.safeParse({ ...entry, cardCSN: '0A1B2C3D4' }).success).toBe(false);
  });
});

describe('lock instructions (docs/mqtt.md 3.6)', () => {
  it('are instruction types waiting a day for their gateway', () => {
    for (const type of LOCK_INSTRUCTION_TYPES) {
      expect(INSTRUCTION_TYPES).toContain(type);
      expect(instructionDeadlineMs(type)).toBe(24 * 3600_000);
    }
  });

  it('give a user a passcode, a card or both', () => {
    const add = { lockMac: MAC, userId: 'u-1', role: 'USER' };
    expect(addLockUserInstruction.safeParse(add).success).toBe(false);
    expect(addLockUserInstruction.safeParse({ ...add, passcode: '1234' }).success).toBe(true);
    expect(addLockUserInstruction.safeParse({ ...add, cardCSN: '0A1B2C3D4E' }).success).toBe(true);
    expect(addLockUserInstruction.safeParse({ ...add, passcode: '123' }).success).toBe(false);
    expect(removeIotUserInstruction.safeParse({ userId: 'u-1', lockMacs: [] }).success).toBe(false);
  });

  it('answer with typed reasons', () => {
    expect(lockInstructionError.safeParse({ reason: 'LOCK_MEMORY_FULL' }).success).toBe(true);
    expect(lockInstructionError.safeParse({ reason: 'SOMETHING' }).success).toBe(false);
    expect(
      lockInstructionSuccess.LOCK_DEVICE_LOCK_UNLOCK.safeParse({ lockMac: MAC, status: 'UNLOCKED', TI })
        .success,
    ).toBe(true);
  });
});

describe('locks live messages', () => {
  it('carry the spec 001 section 4 types', () => {
    expect(locksLiveMessage.safeParse({ type: 'gatewayOffline', gatewayMacId: GW }).success).toBe(true);
    expect(
      locksLiveMessage.safeParse({ type: 'lockStatus', macId: MAC, gatewayMacId: GW, status: 'LOCKED', TI })
        .success,
    ).toBe(true);
    expect(locksLiveMessage.safeParse({ type: 'unknown' }).success).toBe(false);
  });
});
