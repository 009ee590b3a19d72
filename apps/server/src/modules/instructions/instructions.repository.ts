import type { InstructionStatus } from '@portal/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, InstructionsTable } from '../../db/schema.ts';
import { unregisteredGateway } from '../gateways/index.ts';
import { gatewayTelemetry } from '../telemetry/index.ts';

export type InstructionRow = Selectable<InstructionsTable>;
/** An instruction with the tenant its gateway belongs to now (whose browsers hear about it). */
export type OwnedInstruction = InstructionRow & { tenant_id: string };

export interface InstructionGateway {
  mac: string;
  tenant_id: string;
  connected: boolean;
  app_version: number | null;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Instructions, device logs, and the deletions of un-registration. */
export class InstructionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findGateway(mac: string): Promise<InstructionGateway | undefined> {
    return this.db
      .selectFrom('gateways')
      .select(['mac', 'tenant_id', 'connected', 'app_version'])
      .where('mac', '=', mac)
      .executeTakeFirst();
  }

  /**
   * Inserts a PENDING instruction; undefined when a unique key refused it (the uid is taken, or the gateway
   * already has a pending one of a single-pending type: see the partial index of the migration).
   */
  insert(row: {
    uid: string;
    mac: string;
    type: string;
    value: unknown;
    payload: Record<string, unknown>;
    created_by: string | null;
    deadline_at: Date;
  }): Promise<InstructionRow | undefined> {
    return this.db
      .insertInto('instructions')
      .values({ ...row, value: json(row.value), payload: JSON.stringify(row.payload) })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  findPending(mac: string, type: string): Promise<InstructionRow | undefined> {
    return this.db
      .selectFrom('instructions')
      .selectAll()
      .where('mac', '=', mac)
      .where('type', '=', type)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
  }

  /** The instruction with its gateway's current tenant; undefined when either is gone. */
  findOwned(where: { uid: string } | { id: string }): Promise<OwnedInstruction | undefined> {
    let query = this.db
      .selectFrom('instructions')
      .innerJoin('gateways', 'gateways.mac', 'instructions.mac')
      .selectAll('instructions')
      .select('gateways.tenant_id');
    query =
      'uid' in where
        ? query.where('instructions.uid', '=', where.uid)
        : query.where('instructions.id', '=', where.id);
    return query.executeTakeFirst();
  }

  findOwnedByIds(ids: string[]): Promise<OwnedInstruction[]> {
    return this.db
      .selectFrom('instructions')
      .innerJoin('gateways', 'gateways.mac', 'instructions.mac')
      .selectAll('instructions')
      .select('gateways.tenant_id')
      .where('instructions.id', 'in', ids)
      .execute();
  }

  listPending(mac: string): Promise<InstructionRow[]> {
    return this.db
      .selectFrom('instructions')
      .selectAll()
      .where('mac', '=', mac)
      .where('status', '=', 'PENDING')
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Ends the instruction if it is still PENDING (the first of answer, abort and deadline wins). */
  finishPending(
    where: { uid: string } | { ids: string[] },
    status: Exclude<InstructionStatus, 'PENDING'>,
    answer: unknown,
  ): Promise<InstructionRow[]> {
    let query = this.db
      .updateTable('instructions')
      .set({ status, answer: json(answer), finished_at: new Date() })
      .where('status', '=', 'PENDING');
    query = 'uid' in where ? query.where('uid', '=', where.uid) : query.where('id', 'in', where.ids);
    return query.returningAll().execute();
  }

  /** A pending instruction given up by its browser (dialog closed): removed. */
  async deletePending(uid: string): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom('instructions')
      .where('uid', '=', uid)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  }

  /**
   * Claims the PENDING rows whose deadline passed and ends them FAILED with `answer`, in one statement:
   * SKIP LOCKED lets several portal instances share the work without ending a row twice.
   */
  expireDue(now: Date, answer: string, limit: number): Promise<OwnedInstruction[]> {
    return this.db
      .with('due', (db) =>
        db
          .selectFrom('instructions')
          .select('id')
          .where('status', '=', 'PENDING')
          .where('deadline_at', '<=', now)
          .orderBy('deadline_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .with('expired', (db) =>
        db
          .updateTable('instructions')
          .from('due')
          .set({ status: 'FAILED', answer: json(answer), finished_at: now })
          .whereRef('instructions.id', '=', 'due.id')
          .returningAll('instructions'),
      )
      .selectFrom('expired')
      .leftJoin('gateways', 'gateways.mac', 'expired.mac')
      .selectAll('expired')
      .select(sql<string>`coalesce(gateways.tenant_id::text, '')`.as('tenant_id'))
      .execute() as Promise<OwnedInstruction[]>;
  }

  insertDeviceLog(row: { mac: string; uploaded_file_key: string; content_type: string }) {
    return this.db.insertInto('device_logs').values(row).execute();
  }

  /** A device log with its gateway's current tenant. */
  findDeviceLog(key: string) {
    return this.db
      .selectFrom('device_logs')
      .innerJoin('gateways', 'gateways.mac', 'device_logs.mac')
      .select([
        'device_logs.uploaded_file_key',
        'device_logs.content_type',
        'device_logs.mac',
        'gateways.tenant_id',
      ])
      .where('device_logs.uploaded_file_key', '=', key)
      .executeTakeFirst();
  }

  /**
   * Un-registration: the gateway's stored telemetry, rollups, events, connection log, instructions and device
   * logs are deleted and it is marked unregistered (REG 0), in one transaction. Answers the file keys to remove.
   */
  unregister(mac: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      // The telemetry and gateways modules' rows of the gateway go through their ports, in this transaction.
      await gatewayTelemetry.within(trx).deleteOfGateway(mac);
      await unregisteredGateway.within(trx).deleteConnectionLog(mac);
      await trx.deleteFrom('instructions').where('mac', '=', mac).execute();
      const logs = await trx
        .deleteFrom('device_logs')
        .where('mac', '=', mac)
        .returning('uploaded_file_key')
        .execute();
      await unregisteredGateway.within(trx).markUnregistered(mac);
      return logs.map((log) => log.uploaded_file_key);
    });
  }
}
