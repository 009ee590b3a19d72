import { randomBytes } from 'node:crypto';
import type { FirmwareKind, RolloutSettings, WaveSize } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { StoredFile } from './firmware.repository.ts';

/** The column of `gateways` holding the version a gateway reports for each kind (customer apps: none). */
export const REPORTED_COLUMN: Record<FirmwareKind, 'firmware' | 'os_version' | null> = {
  firmware: 'firmware',
  osPatch: 'os_version',
  customerFw: null,
};

/** Wave sizes resolved against the rollout's gateway count: the last wave takes the rest. */
export function waveOfEach(total: number, waves: WaveSize[]): number[] {
  const sizes = waves.map((w) =>
    'count' in w ? w.count : Math.max(1, Math.ceil((total * w.percent) / 100)),
  );
  const result: number[] = [];
  let wave = 0;
  let left = sizes[0] ?? total;
  for (let i = 0; i < total; i++) {
    while (left <= 0 && wave < sizes.length - 1) left = sizes[++wave] as number;
    result.push(wave);
    // The last wave takes every gateway left, whatever its size says.
    if (wave < sizes.length - 1) left--;
  }
  return result;
}

export const newUid = () => randomBytes(16).toString('hex');

export interface RolloutRow {
  id: string;
  tenant_id: string;
  kind: FirmwareKind;
  file_id: string | null;
  version: string;
  status: 'running' | 'paused' | 'cancelled' | 'completed';
  pause_reason: string | null;
  settings: RolloutSettings;
  current_wave: number;
  wave_started_at: Date | null;
  next_start_at: Date;
  created_at: Date;
}

/** Rollouts and their gateways: created with an apply, read by the views. */
export class RolloutsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A rollout of the file to the customer's gateways (online ones first, then by MAC), in waves; earlier
   * running or paused rollouts of the same kind there are cancelled (superseded). Inside the apply transaction.
   */
  static async create(
    trx: Kysely<Database>,
    input: { tenantId: string; file: StoredFile; settings: RolloutSettings; createdBy: string },
  ): Promise<{ id: string; gateways: number }> {
    await trx
      .updateTable('firmware_rollouts')
      .set({
        status: 'cancelled',
        pause_reason: `Superseded by version ${input.file.version}`,
        updated_at: new Date(),
      })
      .where('tenant_id', '=', input.tenantId)
      .where('kind', '=', input.file.kind)
      .where('status', 'in', ['running', 'paused'])
      .execute();
    const rollout = await trx
      .insertInto('firmware_rollouts')
      .values({
        tenant_id: input.tenantId,
        kind: input.file.kind,
        file_id: input.file.id,
        version: input.file.version,
        settings: JSON.stringify(input.settings),
        created_by: input.createdBy,
        wave_started_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const column = REPORTED_COLUMN[input.file.kind];
    const gateways = await trx
      .selectFrom('gateways')
      .select([
        'mac',
        column ? sql<string | null>`${sql.ref(column)}`.as('reported') : sql<null>`null`.as('reported'),
      ])
      .where('tenant_id', '=', input.tenantId)
      .orderBy('connected', 'desc')
      .orderBy('mac')
      .execute();
    const waves = waveOfEach(gateways.length, input.settings.waves);
    for (let i = 0; i < gateways.length; i += 500) {
      await trx
        .insertInto('firmware_rollout_targets')
        .values(
          gateways.slice(i, i + 500).map((g, j) => ({
            rollout_id: rollout.id,
            gateway_mac: g.mac,
            wave: waves[i + j] as number,
            uid: newUid(),
            from_version: g.reported,
          })),
        )
        .execute();
    }
    return { id: rollout.id, gateways: gateways.length };
  }

  async find(id: string): Promise<RolloutRow | null> {
    const row = await this.db
      .selectFrom('firmware_rollouts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return (row as unknown as RolloutRow) ?? null;
  }

  async listFor(tenantId: string, kind?: FirmwareKind, limit = 10): Promise<RolloutRow[]> {
    let query = this.db
      .selectFrom('firmware_rollouts')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at', 'desc')
      .limit(limit);
    if (kind) query = query.where('kind', '=', kind);
    return (await query.execute()) as unknown as RolloutRow[];
  }

  /** Per wave and state: how many gateways, and how many of them are online now. */
  async counts(rolloutId: string): Promise<{ wave: number; state: string; n: number; online: number }[]> {
    const result = await sql<{ wave: number; state: string; n: number; online: number }>`
      SELECT t.wave, t.state, count(*)::int AS n,
             count(*) FILTER (WHERE g.connected)::int AS online
      FROM firmware_rollout_targets t LEFT JOIN gateways g ON g.mac = t.gateway_mac
      WHERE t.rollout_id = ${rolloutId}
      GROUP BY t.wave, t.state ORDER BY t.wave`.execute(this.db);
    return result.rows;
  }

  async failures(rolloutId: string, limit = 200) {
    return this.db
      .selectFrom('firmware_rollout_targets')
      .select(['gateway_mac', 'state', 'reason', 'wave'])
      .where('rollout_id', '=', rolloutId)
      .where('state', 'in', ['failed', 'rolledBack', 'unreached'])
      .orderBy('wave')
      .orderBy('gateway_mac')
      .limit(limit)
      .execute();
  }

  /**
   * Pause, resume or cancel in one statement that names the states each may leave: null when the rollout is
   * not in one of them.
   */
  async setStatus(
    id: string,
    action: 'pause' | 'resume' | 'cancel',
    reason: string | null,
  ): Promise<RolloutRow | null> {
    const from = action === 'pause' ? ['running'] : action === 'resume' ? ['paused'] : ['running', 'paused'];
    const to = action === 'pause' ? 'paused' : action === 'resume' ? 'running' : 'cancelled';
    const row = await this.db
      .updateTable('firmware_rollouts')
      .set({
        status: to,
        pause_reason: action === 'resume' ? null : reason,
        updated_at: new Date(),
        ...(action === 'resume' ? { next_start_at: new Date(), wave_started_at: new Date() } : {}),
      })
      .where('id', '=', id)
      .where('status', 'in', from as ('running' | 'paused')[])
      .returningAll()
      .executeTakeFirst();
    return (row as unknown as RolloutRow) ?? null;
  }
}
