import type { AlertRule, AlertRulesReader } from './alert-rules.port.ts';
import { CAMERA_TYPE, type SensorCondition, sensorCondition } from './conditions.ts';

export interface TenantRules {
  /** The rules that apply to the tenant's gateways: its own and its parents' (AlertRulesReader.rulesReaching). */
  all: AlertRule[];
  sensors: SensorCondition[];
  battery: AlertRule[];
  unlock: AlertRule[];
  rfid: AlertRule[];
  /** CAMERA_MODULE_ALERT rules: a camera module the gateway had is missing (its state's CMS). */
  camera: AlertRule[];
}

const EMPTY: TenantRules = { all: [], sensors: [], battery: [], unlock: [], rfid: [], camera: [] };

/**
 * A tenant's rules are read again after this long: a change made through another portal instance (which
 * tells only its own cache) is applied here within it (docs/operations.md "Several instances").
 */
export const RULES_MAX_AGE_MS = 10_000;

/**
 * The rules reaching each tenant's gateways (its own and its parents'), read once through the port and kept until the alerts module says they changed, so a
 * telemetry message costs no query.
 */
export class RulesCache {
  private readonly byTenant = new Map<string, TenantRules>();
  /** When each entry of byTenant was read. */
  private readonly readAt = new Map<string, number>();
  /** Reads under way, per tenant (see `get`). */
  private readonly reading = new Map<string, Promise<TenantRules>>();
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
    return this.fresh(tenantId);
  }

  /**
   * One read per tenant at a time: the messages of a tenant that arrive while its rules are being read wait
   * for that read instead of each starting one (thousands of messages in flight would otherwise queue as many
   * reads for the pool, ahead of the telemetry commit they all wait for).
   */
  async get(tenantId: string): Promise<TenantRules> {
    const known = this.fresh(tenantId);
    if (known) return known;
    let reading = this.reading.get(tenantId);
    if (!reading) {
      reading = this.load([tenantId])
        .then((rules) => rules.get(tenantId) ?? EMPTY)
        .finally(() => this.reading.delete(tenantId));
      this.reading.set(tenantId, reading);
    }
    return reading;
  }

  /** The cached entry, unless it is older than RULES_MAX_AGE_MS. */
  private fresh(tenantId: string): TenantRules | undefined {
    const at = this.readAt.get(tenantId);
    return at !== undefined && Date.now() - at <= RULES_MAX_AGE_MS ? this.byTenant.get(tenantId) : undefined;
  }

  /** Rules of several tenants, those not known read in one call. */
  async load(tenantIds: readonly string[]): Promise<Map<string, TenantRules>> {
    const result = new Map<string, TenantRules>();
    const missing: string[] = [];
    for (const id of tenantIds) {
      const known = this.fresh(id);
      if (known) result.set(id, known);
      else missing.push(id);
    }
    if (missing.length === 0 || !this.reader) {
      for (const id of missing) result.set(id, EMPTY);
      return result;
    }
    const generation = this.generation;
    const readAt = Date.now();
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
        camera: own.filter((r) => r.kind === 'sensor' && r.type.toUpperCase() === CAMERA_TYPE),
      };
      // A change heard while reading leaves the entry out: the next message reads it again.
      if (generation === this.generation) {
        this.byTenant.set(id, entry);
        this.readAt.set(id, readAt);
      }
      result.set(id, entry);
    }
    return result;
  }
}
