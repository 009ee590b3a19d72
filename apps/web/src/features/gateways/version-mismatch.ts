import type { GatewaySummary } from '@portal/contract';
import { formatFirmware } from '../../components/gateway-display.ts';
import { i18n } from '../../lib/i18n/index.ts';

/** A version a gateway reports that is not the one assigned to it (its customer's latest applied one). */
export interface VersionMismatch {
  kind: 'firmware' | 'os' | 'customerApp';
  /** The short prefix a card shows: 'FW', 'OS', 'App'. */
  short: string;
  reported: string | null;
  assigned: string;
}

type Versions = Pick<
  GatewaySummary,
  'firmware' | 'OSversion' | 'customerFw' | 'assignedFirmware' | 'assignedOSversion' | 'assignedCustomerFw'
>;

/**
 * A version as compared: trimmed, without a leading 'v'/'V', and for firmware without the dashes of its date,
 * so a gateway reporting 'v2025-03-04' runs the uploaded '20250304' (the date of its file name).
 */
export function normalVersion(kind: VersionMismatch['kind'], version: string | null | undefined): string {
  const trimmed = (version ?? '').trim().replace(/^v/i, '');
  return kind === 'firmware' ? trimmed.replace(/-/g, '') : trimmed;
}

/** Whether the reported version is the assigned one. */
export function sameVersion(
  kind: VersionMismatch['kind'],
  reported: string | null | undefined,
  assigned: string,
): boolean {
  const wanted = normalVersion(kind, assigned);
  return wanted !== '' && normalVersion(kind, reported) === wanted;
}

/**
 * The gateway's versions that differ from the assigned ones: firmware, OS patch, customer app, in that order.
 * Nothing assigned, nothing to differ from; a version not reported at all differs (the gateway has not
 * confirmed running the assigned one).
 */
export function versionMismatches(gateway: Versions): VersionMismatch[] {
  const pairs: [VersionMismatch['kind'], string, string | null | undefined, string | null | undefined][] = [
    ['firmware', 'FW', gateway.firmware, gateway.assignedFirmware],
    ['os', 'OS', gateway.OSversion, gateway.assignedOSversion],
    ['customerApp', 'App', gateway.customerFw, gateway.assignedCustomerFw],
  ];
  const out: VersionMismatch[] = [];
  for (const [kind, short, reported, assigned] of pairs) {
    const target = assigned?.trim();
    if (!target || sameVersion(kind, reported, target)) continue;
    out.push({ kind, short, reported: reported?.trim() || null, assigned: target });
  }
  return out;
}

/** A version as the portal shows it: a firmware as every screen does ('FW 2025-03-04'), others as they are. */
const shownVersion = (kind: VersionMismatch['kind'], version: string) =>
  kind === 'firmware' ? formatFirmware(version) : version;

/*
 * The markers' texts are the 'gateways' namespace's (mismatch.*), loaded by the components that show them.
 * What the accessible label calls each kind: 'Firmware', 'OS', 'Customer app' (mismatch.{kind}).
 */

/** Read aloud for the marker: 'Firmware differs from assigned FW 2025-03-04'. */
export const mismatchLabel = (m: VersionMismatch) =>
  i18n.t('gateways:mismatch.label', {
    name: i18n.t(`gateways:mismatch.${m.kind}`),
    version: shownVersion(m.kind, m.assigned),
  });

/** The marker's tooltip: the label and what the gateway reports. */
export const mismatchTitle = (m: VersionMismatch) =>
  i18n.t('gateways:mismatch.title', {
    label: mismatchLabel(m),
    reported: m.reported ? shownVersion(m.kind, m.reported) : i18n.t('gateways:mismatch.nothing'),
  });

/**
 * The marker's text: 'Assigned FW 2025-03-04', 'Assigned 01.02'. `prefixed` (a card, where no column says the
 * kind) adds it unless the version already says it: 'OS assigned 01.02', but 'Assigned FW 2025-03-04'.
 */
export function mismatchText(m: VersionMismatch, prefixed: boolean): string {
  const version = shownVersion(m.kind, m.assigned);
  return prefixed && !version.startsWith(`${m.short} `)
    ? i18n.t('gateways:mismatch.prefixed', { short: m.short, version })
    : i18n.t('gateways:mismatch.assigned', { version });
}
