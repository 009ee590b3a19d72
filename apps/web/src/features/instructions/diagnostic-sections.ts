import type { TFunction } from 'i18next';
import { formatFirmware, NO_VALUE } from '../../components/gateway-display.ts';
import { formatNumber } from '../../lib/i18n/index.ts';

type InstructionsT = TFunction<'instructions'>;

/**
 * The Diagnostic Info dialog's sections, in the spec's order (spec 001 section 3, diagnostic response): the
 * keys of the gateway's answer; shown as `diagnostics.sections.{title}`.
 */
export const DIAGNOSTIC_SECTION_TITLES = [
  'Network Info',
  'Gateway Firmware',
  'Memory Info',
  'Gateway OS',
] as const;
type SectionTitle = (typeof DIAGNOSTIC_SECTION_TITLES)[number];

export interface DiagnosticSection {
  title: SectionTitle;
  /** What the gateway says under the section's name. */
  summary: string;
  /** Further figures of the answer that belong to the section. */
  details: { label: string; value: string }[];
}

type Facts = Record<string, unknown>;

/** NW: 1 Wi-Fi, 0 cellular (LTE), 2 Ethernet. */
const NETWORK_NAMES: Record<number, string> = { 0: 'LTE', 1: 'Wi-Fi', 2: 'Ethernet' };

const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const textOf = (value: unknown): string | null => {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
};

/** A figure as the gateway gave it, to two decimals, in the language shown ('384.02'; '384,02'). */
const figure = (value: number) => formatNumber(value, { maximumFractionDigits: 2, useGrouping: false });

/** 5400 -> '1 h 30 min'; under a minute '0 min'; null when there is no uptime. */
export function formatUptime(seconds: unknown, t: InstructionsT): string | null {
  const total = numberOf(seconds);
  if (total === null || total < 0) return null;
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return [
    days ? t('diagnostics.days', { count: days }) : '',
    hours ? t('diagnostics.hours', { count: hours }) : '',
    t('diagnostics.minutes', { count: minutes }),
  ]
    .filter(Boolean)
    .join(' ');
}

/** Summaries built from the raw figures, for a gateway that sends those without the section texts. */
const FROM_FIGURES: Record<SectionTitle, (facts: Facts, t: InstructionsT) => string | null> = {
  'Network Info': (facts, t) => {
    const nw = numberOf(facts.NW);
    const name = nw !== null ? NETWORK_NAMES[nw] : undefined;
    if (!name) return null;
    const signal = textOf(facts.SS);
    return signal ? t('diagnostics.signal', { network: name, level: signal }) : name;
  },
  'Gateway Firmware': (facts) => textOf(facts.FW),
  'Memory Info': (facts, t) => {
    const memory = numberOf(facts.MM);
    const cpu = numberOf(facts.CP);
    if (memory === null) return null;
    const used = t('diagnostics.memoryUsed', { memory: figure(memory) });
    return cpu === null ? used : t('diagnostics.memoryAndCpu', { used, cpu: figure(cpu) });
  },
  'Gateway OS': (facts) => textOf(facts.OS),
};

function detailsOf(title: SectionTitle, facts: Facts, t: InstructionsT): DiagnosticSection['details'] {
  const details: DiagnosticSection['details'] = [];
  const engineState = textOf(facts.currentState);
  const uptime = formatUptime(facts.uptimeSeconds, t);
  if (title === 'Gateway Firmware' && engineState)
    details.push({ label: t('diagnostics.engineState'), value: engineState });
  if (title === 'Gateway OS' && uptime) details.push({ label: t('diagnostics.uptime'), value: uptime });
  return details;
}

/**
 * The gateway's diagnostics answer (docs/mqtt.md 3.4: the strings 'Network Info', 'Gateway Firmware',
 * 'Memory Info' and 'Gateway OS', then figures such as uptime and engine state) as the dialog's sections.
 * A firmware version reads 'FW yyyy-mm-dd'; a missing section shows '-'.
 */
export function diagnosticSections(value: unknown, t: InstructionsT): DiagnosticSection[] {
  const facts: Facts = typeof value === 'object' && value !== null ? (value as Facts) : {};
  return DIAGNOSTIC_SECTION_TITLES.map((title) => {
    const summary = textOf(facts[title]) ?? FROM_FIGURES[title](facts, t) ?? NO_VALUE;
    return {
      title,
      summary: title === 'Gateway Firmware' ? formatFirmware(summary) : summary,
      details: detailsOf(title, facts, t),
    };
  });
}
