import {
  type GatewaySummary,
  gatewayCommandMessages,
  type OnboardingLiveMessage,
  type OnboardingResults,
  type ScannedLockDetail,
} from '@portal/contract';
import { i18n } from '../../lib/i18n/index.ts';

export type OnboardingRowStatus = 'ready' | 'offline' | 'refused' | 'scanning' | 'completed' | 'stopped';

/** One gateway of an onboarding run: where it is and the locks heard in each finished scan. */
export interface OnboardingRow {
  macId: string;
  name: string;
  /** The gateway's customer: its progress arrives on that scope's live channel. */
  scopeId: string;
  status: OnboardingRowStatus;
  /** Why the server refused to start it. */
  message?: string;
  /** Locks heard per finished scan cycle: passes[0] is scan 1. */
  passes: ScannedLockDetail[][];
}

/** Rows before Start: offline gateways say so and are not started. */
export function initialRows(gateways: readonly GatewaySummary[]): OnboardingRow[] {
  return gateways.map((gateway) => ({
    macId: gateway.macId,
    name: gateway.name,
    scopeId: gateway.scopeId,
    status: gateway.deviceStatus === 'online' ? 'ready' : 'offline',
    passes: [],
  }));
}

/** The gateways Start asks for: those not known to be offline. */
export const startableMacs = (rows: readonly OnboardingRow[]) =>
  rows.filter((row) => row.status !== 'offline').map((row) => row.macId);

/** The server's answer to Start: started ones scan from the beginning, refused ones show the reason. */
export function markStarted(rows: readonly OnboardingRow[], answer: OnboardingResults): OnboardingRow[] {
  return rows.map((row) => {
    const result = answer.results.find((entry) => entry.macId === row.macId);
    if (!result) return row;
    if (result.ok) return { ...row, status: 'scanning', message: undefined, passes: [] };
    const offline = result.message === gatewayCommandMessages.offline;
    return { ...row, status: offline ? 'offline' : 'refused', message: result.message };
  });
}

/** A live progress message: a finished scan cycle (SCANNING or COMPLETED) or the run stopped. */
export function applyProgress(
  rows: readonly OnboardingRow[],
  message: OnboardingLiveMessage,
): OnboardingRow[] {
  return rows.map((row) => {
    if (row.macId !== message.macId || row.status !== 'scanning') return row;
    if (message.status === 'STOPPED') return { ...row, status: 'stopped' };
    const passes = [...row.passes];
    if (message.pass !== null && message.pass >= 1) passes[message.pass - 1] = message.locksDetails;
    return { ...row, status: message.status === 'COMPLETED' ? 'completed' : 'scanning', passes };
  });
}

/** The gateways Stop asks to stop. */
export const runningMacs = (rows: readonly OnboardingRow[]) =>
  rows.filter((row) => row.status === 'scanning').map((row) => row.macId);

export const isRunning = (rows: readonly OnboardingRow[]) => runningMacs(rows).length > 0;

/** All finished: nothing is scanning any more and at least one gateway completed its scans. */
export const allFinished = (rows: readonly OnboardingRow[]) =>
  !isRunning(rows) && rows.some((row) => row.status === 'completed');

/** 1..N, one per Scan column. */
export const scanNumbers = (totalScans: number) => Array.from({ length: totalScans }, (_, i) => i + 1);

/** How many scan cycles a row finished. */
export const finishedPasses = (row: OnboardingRow) => row.passes.filter(Boolean).length;

/**
 * The progress bar's percentage: the share of scan cycles reported, and 100 once the gateway says it
 * completed (a cycle whose message was missed must not leave 'Completed' beside a part-filled bar).
 */
export function progressPercent(row: OnboardingRow, totalScans: number): number {
  if (row.status === 'completed') return 100;
  return Math.round((finishedPasses(row) / totalScans) * 100);
}

/** The Scanning Status column (the 'gateway-commands' namespace; the contract's texts in English). */
export function statusText(row: OnboardingRow, totalScans: number): string {
  switch (row.status) {
    case 'ready':
      return i18n.t('gateway-commands:onboarding.notStarted');
    case 'offline':
      return gatewayCommandMessages.offline;
    case 'refused':
      return row.message ?? i18n.t('gateway-commands:onboarding.notStarted');
    case 'scanning':
      return i18n.t('gateway-commands:onboarding.scanning', { done: finishedPasses(row), total: totalScans });
    case 'completed':
      return i18n.t('gateway-commands:onboarding.completed');
    case 'stopped':
      return i18n.t('gateway-commands:onboarding.stopped');
  }
}

/** A CSV cell: quoted when needed; a leading = + - @ is neutralised so a spreadsheet shows it as text. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const describeLock = (lock: ScannedLockDetail) =>
  lock.lockName && lock.lockName !== lock.macId
    ? `${lock.lockName} (${lock.macId}, ${lock.rssiValue})`
    : `${lock.macId} (${lock.rssiValue})`;

/** On-boarding.csv: gateway, serial number (MAC), and per scan the locks heard. */
export function onboardingCsv(rows: readonly OnboardingRow[], totalScans: number): string {
  const scans = Array.from({ length: totalScans }, (_, i) => i);
  const header = ['Gateway', 'Serial Number', ...scans.map((i) => `Scan ${i + 1}`)];
  const lines = rows.map((row) => [
    row.name,
    row.macId,
    ...scans.map((i) => (row.passes[i] ?? []).map(describeLock).join('; ')),
  ]);
  return `${[header, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
