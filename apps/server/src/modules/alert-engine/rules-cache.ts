import type { AlertRule, AlertRulesReader } from './alert-rules.port.ts';
import { type SensorCondition, sensorCondition } from './conditions.ts';

export interface TenantRules {
  /** The rules that apply to the tenant's gateways: its own and its parents' (AlertRulesReader.rulesReaching). */
  all: AlertRule[];
  sensors: SensorCondition[];
  battery: AlertRule[];
  unlock: AlertRule[];
  rfid: AlertRule[];
}

const EMPTY: TenantRules = { all: [], sensors: [], battery: [], unlock: [], rfid: [] };

/**
 * The rules reaching each tenant's gateways (its own and its parents'), read once through the port and kept until the alerts module says they changed, so a
 * telemetry message costs no query.
 */
export class RulesCache {
  private readonly byTenant = new Map<string, TenantRules>();
  private reader: AlertRulesReader | null = null;
  private generation = 0;
  /** Tenants whose rules changed since `takeChanged` was last called (their orphans are ended by the tick). */
  private readonly changedTenants = new Set<string>();

  takeChanged(): string[] {
    const tenants = [...this.changedTenants];
    this.changedTenants.clear();
    return tenants;
  }

  /** The rules' source; until one is set every tenant has none. */
  attach(reader: AlertRulesReader): void {
    this.reader = reader;
    this.clear();
    reader.onChanged((tenantId) => {
      this.generation++;
      // Its rules reach its sub-customers' gateways too: every entry is read again (rules change seldom).
      this.byTenant.clear();
      this.changedTenants.add(tenantId);
    });
  }

  clear(): void {
    this.generation++;
    this.byTenant.clear();
  }

  peek(tenantId: string): TenantRules | undefined {
    return this.byTenant.get(tenantId);
  }

  async get(tenantId: string): Promise<TenantRules> {
    return this.byTenant.get(tenantId) ?? (await this.load([tenantId])).get(tenantId) ?? EMPTY;
  }

  /** Rules of several tenants, those not known read in one call. */
  async load(tenantIds: readonly string[]): Promise<Map<string, TenantRules>> {
    const result = new Map<string, TenantRules>();
    const missing: string[] = [];
    for (const id of tenantIds) {
      const known = this.byTenant.get(id);
      if (known) result.set(id, known);
      else missing.push(id);
    }
    if (missing.length === 0 || !this.reader) {
      for (const id of missing) result.set(id, EMPTY);
      return result;
    }
    const generation = this.generation;
    const reaching = await this.reader.rulesReaching(missing);
    for (const id of missing) {
      const own = reaching.get(id) ?? [];
      const entry: TenantRules = {
        all: own,
        sensors: own.map(sensorCondition).filter((c): c is SensorCondition => c !== null),
        battery: own.filter(
          (r) => r.kind === 'lock' && r.type.toUpperCase() === 'BATTERY_LOW' && r.threshold !== null,
        ),
        unlock: own.filter((r) => r.kind === 'lock' && r.type.toUpperCase() === 'UNLOCK'),
        rfid: own.filter((r) => r.kind === 'lock' && r.type.toUpperCase() === 'RFID'),
      };
      // A change heard while reading leaves the entry out: the next message reads it again.
      if (generation === this.generation) this.byTenant.set(id, entry);
      result.set(id, entry);
    }
    return result;
  }
}
