import type { ScannedLock } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface CommandLogEntry {
  mac: string;
  ti: number;
  action: string;
  detail?: Record<string, unknown>;
  madeBy: string | null;
}

/** The command log, each gateway's last scan and the hotspot changes in progress. */
export class GatewayCommandsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async logCommand(entry: CommandLogEntry): Promise<void> {
    await this.db
      .insertInto('gateway_command_log')
      .values({
        mac: entry.mac,
        ti: entry.ti,
        action: entry.action,
        detail: JSON.stringify(entry.detail ?? {}),
        made_by: entry.madeBy,
      })
      .execute();
  }

  /** Keeps only the newest scan of a gateway; an older one arriving late changes nothing. */
  async saveScan(mac: string, ti: number, locks: ScannedLock[]): Promise<void> {
    await this.db
      .insertInto('gateway_scans')
      .values({ mac, ti, locks: JSON.stringify(locks) })
      .onConflict((oc) =>
        oc
          .column('mac')
          .doUpdateSet({ ti, locks: JSON.stringify(locks) })
          .where('gateway_scans.ti', '<', ti),
      )
      .execute();
  }

  async lastScan(mac: string): Promise<{ ti: number; locks: ScannedLock[] } | null> {
    const row = await this.db
      .selectFrom('gateway_scans')
      .selectAll()
      .where('mac', '=', mac)
      .executeTakeFirst();
    return row ? { ti: Number(row.ti), locks: row.locks as ScannedLock[] } : null;
  }

  /** Starts a hotspot change; false when one is already in progress for the gateway. */
  async startHotspotChange(change: { mac: string; tenantId: string; target: number }): Promise<boolean> {
    const inserted = await this.db
      .insertInto('gateway_hotspot_changes')
      .values({ mac: change.mac, tenant_id: change.tenantId, target: change.target })
      .onConflict((oc) => oc.column('mac').doNothing())
      .returning('mac')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Ends the gateway's hotspot change if its target is `hs`; returns it when it did. */
  endHotspotChangeReaching(mac: string, hs: number) {
    return this.db
      .deleteFrom('gateway_hotspot_changes')
      .where('mac', '=', mac)
      .where('target', '=', hs)
      .returningAll()
      .executeTakeFirst();
  }

  endHotspotChange(mac: string) {
    return this.db
      .deleteFrom('gateway_hotspot_changes')
      .where('mac', '=', mac)
      .returningAll()
      .executeTakeFirst();
  }
}
