import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

const ROOT = new URL('../../', import.meta.url);

/** Version of a package installed at the repository root, or '?' when it cannot be read. */
export function packageVersion(name: string): string {
  try {
    const json = JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, ROOT), 'utf8'));
    return String(json.version);
  } catch {
    return '?';
  }
}

/** First line of `mosquitto -h`, e.g. "mosquitto version 2.0.11". */
export function mosquittoVersion(binary: string): string {
  try {
    execFileSync(binary, ['-h'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    // `mosquitto -h` exits with status 3 after printing its usage.
    const out = (error as { stdout?: string }).stdout ?? '';
    const line = out.split('\n').find((l) => l.startsWith('mosquitto version'));
    if (line) return line.replace('mosquitto version', 'Mosquitto').trim();
  }
  return 'Mosquitto (version unknown)';
}

/** The machine and runtime a figure was measured on. */
export function machineLine(): string {
  const cores = cpus();
  const date = new Date().toISOString().slice(0, 10);
  return `${date}, ${cores.length} cores (${cores[0]?.model.trim() ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, node ${process.version}, ${process.platform}`;
}

/** Value at the p-th percentile (nearest rank) of an unsorted list; NaN when empty. */
export function percentile(values: number[] | Float64Array, p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

export const fmt = {
  int: (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a'),
  ms: (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : Math.round(n)} ms` : 'n/a'),
  pct: (n: number) => (Number.isFinite(n) ? `${Math.round(n)} %` : 'n/a'),
  mib: (bytes: number) => (Number.isFinite(bytes) ? `${Math.round(bytes / 2 ** 20)} MiB` : 'n/a'),
  ratio: (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a'),
};

/** Rows of cells as a fixed-width table (first column left-aligned, the others right-aligned). */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r) =>
      r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '),
    )
    .join('\n');
}
