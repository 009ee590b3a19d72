import type { OnboardingLiveMessage } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { testGateway } from '../../api/test-gateway.ts';
import { initI18n } from '../../lib/i18n/index.ts';
import {
  allFinished,
  applyProgress,
  finishedPasses,
  initialRows,
  isRunning,
  markStarted,
  onboardingCsv,
  progressPercent,
  runningMacs,
  startableMacs,
  statusText,
} from './onboarding-run.ts';

beforeAll(() => initI18n('en', ['gateway-commands']));

const A = 'AA0000000001';
const B = 'AA0000000002';
const C = 'AA0000000003';
/** The shared fixture is offline; onboarding starts online gateways. */
const online = (mac: string) => testGateway(mac, { deviceStatus: 'online' });

const progress = (
  macId: string,
  pass: number | null,
  status: OnboardingLiveMessage['status'],
  locks = 1,
) => ({
  macId,
  status,
  pass,
  totalScanCycles: 2,
  scannedLocks: locks,
  locksDetails: Array.from({ length: locks }, (_, i) => ({
    lockName: `L${pass}${i}`,
    macId: `A4C138F00A0${i}`,
    rssiValue: -60 - i,
  })),
  TI: 1,
});

const started = () =>
  markStarted(initialRows([online(A), online(B), testGateway(C, { deviceStatus: 'offline' })]), {
    results: [
      { macId: A, ok: true },
      { macId: B, ok: true },
    ],
  });

describe('onboarding run', () => {
  it('starts online gateways; offline ones say so and are not asked', () => {
    const rows = initialRows([online(A), testGateway(C, { deviceStatus: 'offline' })]);
    expect(startableMacs(rows)).toEqual([A]);
    expect(statusText(rows[0]!, 5)).toBe('Not started');
    expect(statusText(rows[1]!, 5)).toBe('Gateway is offline...');
  });

  it('shows the reason the server refused a gateway', () => {
    const rows = markStarted(initialRows([online(A), online(B)]), {
      results: [
        { macId: A, ok: false, message: 'Gateway is offline...' },
        { macId: B, ok: false, message: 'Not allowed' },
      ],
    });
    expect(rows.map((row) => [row.status, statusText(row, 2)])).toEqual([
      ['offline', 'Gateway is offline...'],
      ['refused', 'Not allowed'],
    ]);
  });

  it('counts finished scans per gateway and completes', () => {
    let rows = started();
    expect(isRunning(rows)).toBe(true);
    expect(runningMacs(rows)).toEqual([A, B]);
    rows = applyProgress(rows, progress(A, 1, 'SCANNING'));
    expect(finishedPasses(rows[0]!)).toBe(1);
    expect(statusText(rows[0]!, 2)).toBe('Scanning (1/2)');
    expect(progressPercent(rows[0]!, 2)).toBe(50);
    rows = applyProgress(rows, progress(A, 2, 'COMPLETED', 2));
    expect(statusText(rows[0]!, 2)).toBe('Completed');
    expect(allFinished(rows)).toBe(false);
    expect(progressPercent(rows[0]!, 2)).toBe(100);
    // B's first cycle message is missed: 'Completed' still comes with a full bar.
    rows = applyProgress(rows, progress(B, 2, 'COMPLETED'));
    expect([statusText(rows[1]!, 2), progressPercent(rows[1]!, 2)]).toEqual(['Completed', 100]);
    expect(isRunning(rows)).toBe(false);
    expect(allFinished(rows)).toBe(true);
  });

  it('ignores messages of gateways that are not scanning, and stops', () => {
    let rows = started();
    rows = applyProgress(rows, progress(C, 1, 'SCANNING'));
    expect(rows[2]!.status).toBe('offline');
    rows = applyProgress(rows, progress(A, null, 'STOPPED'));
    rows = applyProgress(rows, progress(B, null, 'STOPPED'));
    expect(rows.map((row) => row.status)).toEqual(['stopped', 'stopped', 'offline']);
    expect(allFinished(rows)).toBe(false);
  });

  it('writes On-boarding.csv with the locks of each scan', () => {
    let rows = started();
    rows = applyProgress(rows, progress(A, 1, 'SCANNING'));
    rows = applyProgress(rows, progress(A, 2, 'COMPLETED', 2));
    expect(onboardingCsv(rows.slice(0, 1), 2).split('\r\n')).toEqual([
      'Gateway,Serial Number,Scan 1,Scan 2',
      `Gateway ${A},${A},"L10 (A4C138F00A00, -60)","L20 (A4C138F00A00, -60); L21 (A4C138F00A01, -61)"`,
      '',
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    const rows = initialRows([testGateway(A, { deviceStatus: 'online', name: '=cmd()' })]);
    expect(onboardingCsv(rows, 1).split('\r\n')[1]).toBe(`'=cmd(),${A},`);
  });
});
