import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AgentConfigChange } from './agent-config-values.ts';

/** Migration 0018. `cfg` holds the groups with every secret sealed (secret-box.ts). */
type AgentConfigTables = {
  agent_configs: { scope_id: string; cfv: number; cfg: unknown; updated_at: Date };
  agent_config_versions: {
    scope_id: string;
    cfv: number;
    cfg: unknown;
    action: string;
    reverted_to: number | null;
    changes: unknown;
    changed_by: string | null;
    changed_by_email: string | null;
    created_at: Date;
  };
  agent_config_delivery: {
    mac: string;
    scope_id: string;
    sent_cfv: number | null;
    sent_at: Date | null;
    applied_cfv: number | null;
    applied_at: Date | null;
    rejected: string | null;
  };
};

export interface NewVersion {
  scopeId: string;
  /** The version the change was made from: the write happens only while it is still the current one. */
  base: number;
  cfg: unknown;
  action: 'update' | 'reset' | 'revert';
  revertedTo: number | null;
  changes: AgentConfigChange[];
  userId: string;
  email: string | null;
}

export interface DeliveryRow {
  mac: string;
  name: string;
  connected: boolean;
  applied_cfv: number | null;
  applied_at: Date | null;
  rejected: string | null;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export class AgentConfigRepository {
  private readonly db: Kysely<Database & AgentConfigTables>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<AgentConfigTables>();
  }

  /** The customer's current version; undefined while it runs the defaults (version 1). */
  head(scopeId: string) {
    return this.db
      .selectFrom('agent_configs')
      .select(['cfv', 'cfg'])
      .where('scope_id', '=', scopeId)
      .executeTakeFirst();
  }

  version(scopeId: string, cfv: number) {
    return this.db
      .selectFrom('agent_config_versions')
      .select(['cfv', 'cfg'])
      .where('scope_id', '=', scopeId)
      .where('cfv', '=', cfv)
      .executeTakeFirst();
  }

  history(scopeId: string, limit: number) {
    return this.db
      .selectFrom('agent_config_versions')
      .select(['cfv', 'action', 'reverted_to', 'changes', 'changed_by_email', 'created_at'])
      .where('scope_id', '=', scopeId)
      .orderBy('cfv', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * The next version, in one statement: the head row moves from `base` to `base + 1` (inserted at 2 when the
   * customer ran the defaults, version 1) and the version is kept beside it. Two applies made from the same
   * version cannot both pass: the second waits for the first's row lock, then finds the head moved on (or the
   * row just inserted: ON CONFLICT DO NOTHING) and writes nothing.
   * Returns the new version, or undefined when `base` is no longer current.
   */
  async write(change: NewVersion): Promise<number | undefined> {
    const result = await sql<{ cfv: number }>`
      WITH moved AS (
        UPDATE agent_configs SET cfv = cfv + 1, cfg = ${json(change.cfg)}, updated_at = now()
        WHERE scope_id = ${change.scopeId}::uuid AND cfv = ${change.base}::int
        RETURNING scope_id, cfv
      ), first AS (
        INSERT INTO agent_configs (scope_id, cfv, cfg, updated_at)
        SELECT ${change.scopeId}::uuid, 2, ${json(change.cfg)}, now() WHERE ${change.base}::int = 1
        ON CONFLICT (scope_id) DO NOTHING
        RETURNING scope_id, cfv
      ), head AS (SELECT * FROM moved UNION ALL SELECT * FROM first)
      INSERT INTO agent_config_versions
        (scope_id, cfv, cfg, action, reverted_to, changes, changed_by, changed_by_email)
      SELECT head.scope_id, head.cfv, ${json(change.cfg)}, ${change.action}, ${change.revertedTo}::int,
        ${json(change.changes)}, ${change.userId}::uuid, ${change.email}
      FROM head
      RETURNING cfv`.execute(this.db);
    return result.rows[0]?.cfv;
  }

  /** Connected gateways of the customer: those a new version goes to now (the others on reconnect). */
  async connectedGateways(scopeId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('gateways')
      .select('mac')
      .where('tenant_id', '=', scopeId)
      .where('connected', '=', true)
      .execute();
    return rows.map((row) => row.mac);
  }

  /** True when the portal ever sent this gateway a configuration (it then runs one of the portal's). */
  async everSent(mac: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('agent_config_delivery')
      .select('mac')
      .where('mac', '=', mac)
      .executeTakeFirst();
    return row !== undefined;
  }

  async noteSent(mac: string, scopeId: string, cfv: number): Promise<void> {
    await sql`
      INSERT INTO agent_config_delivery AS d (mac, scope_id, sent_cfv, sent_at)
      VALUES (${mac}, ${scopeId}::uuid, ${cfv}::int, now())
      ON CONFLICT (mac) DO UPDATE SET sent_cfv = EXCLUDED.sent_cfv, sent_at = EXCLUDED.sent_at,
        scope_id = EXCLUDED.scope_id,
        applied_cfv = CASE WHEN d.scope_id = EXCLUDED.scope_id THEN d.applied_cfv END,
        applied_at = CASE WHEN d.scope_id = EXCLUDED.scope_id THEN d.applied_at END,
        rejected = CASE WHEN d.scope_id = EXCLUDED.scope_id THEN d.rejected END`.execute(this.db);
  }

  /**
   * A gateway's answer. APPLIED: the newest version it applied for this customer (an older answer arriving late
   * does not move it back). REJECTED: why, kept until it applies one.
   */
  async noteAnswer(mac: string, scopeId: string, cfv: number, rejected: string | null): Promise<void> {
    const applied = rejected === null ? cfv : null;
    await sql`
      INSERT INTO agent_config_delivery AS d (mac, scope_id, applied_cfv, applied_at, rejected)
      VALUES (${mac}, ${scopeId}::uuid, ${applied}::int, CASE WHEN ${applied}::int IS NULL THEN NULL ELSE now() END,
        ${rejected})
      ON CONFLICT (mac) DO UPDATE SET
        scope_id = EXCLUDED.scope_id,
        applied_cfv = CASE
          WHEN d.scope_id <> EXCLUDED.scope_id THEN EXCLUDED.applied_cfv
          WHEN EXCLUDED.applied_cfv IS NULL THEN d.applied_cfv
          ELSE GREATEST(d.applied_cfv, EXCLUDED.applied_cfv) END,
        applied_at = CASE
          WHEN d.scope_id <> EXCLUDED.scope_id OR EXCLUDED.applied_cfv IS NOT NULL THEN EXCLUDED.applied_at
          ELSE d.applied_at END,
        rejected = EXCLUDED.rejected`.execute(this.db);
  }

  /** How many of the customer's gateways confirmed the current version, an older one, or none. */
  async deliveryCounts(scopeId: string, cfv: number) {
    const result = await sql<{ current: number; older: number; unconfirmed: number }>`
      SELECT
        count(*) FILTER (WHERE d.applied_cfv = ${cfv}::int)::int AS current,
        count(*) FILTER (WHERE d.applied_cfv < ${cfv}::int)::int AS older,
        count(*) FILTER (WHERE d.applied_cfv IS NULL OR d.applied_cfv > ${cfv}::int)::int AS unconfirmed
      FROM gateways g
      LEFT JOIN agent_config_delivery d ON d.mac = g.mac AND d.scope_id = g.tenant_id
      WHERE g.tenant_id = ${scopeId}::uuid`.execute(this.db);
    return result.rows[0] ?? { current: 0, older: 0, unconfirmed: 0 };
  }

  /** The gateways themselves, not current ones first, then by name; at most `limit`. */
  async deliveryRows(scopeId: string, cfv: number, limit: number): Promise<DeliveryRow[]> {
    const result = await sql<DeliveryRow>`
      SELECT g.mac, g.name, g.connected, d.applied_cfv, d.applied_at, d.rejected
      FROM gateways g
      LEFT JOIN agent_config_delivery d ON d.mac = g.mac AND d.scope_id = g.tenant_id
      WHERE g.tenant_id = ${scopeId}::uuid
      ORDER BY CASE WHEN d.applied_cfv = ${cfv}::int THEN 2 WHEN d.applied_cfv IS NULL THEN 0 ELSE 1 END,
        g.name, g.mac
      LIMIT ${limit}::int`.execute(this.db);
    return result.rows;
  }
}
