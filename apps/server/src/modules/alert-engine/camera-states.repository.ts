import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Each gateway's camera module as it last reported it (`alert_camera_states`): the memory the camera removal
 * alert needs (docs/alerts.md "Camera removal alerts"), kept apart from the incidents it opens.
 */
export class CameraStatesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Records the camera module presence a gateway reported (CMS) when it changed, and returns whether its camera
   * is missing now: it had one (CMS 1) and reports 0, or was already missing and still reports 0. The first
   * report of a gateway only records what it has. Null: nothing changed (`cameraMissing` says how it stands).
   * One statement, so two reports racing each see the other's.
   */
  async recordCamera(gatewayMac: string, cms: 0 | 1, now: Date): Promise<boolean | null> {
    const row = await this.db
      .insertInto('alert_camera_states')
      .values({ gateway_mac: gatewayMac, cms, removed: false, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('gateway_mac')
          .doUpdateSet({
            cms,
            removed:
              cms === 0 ? sql<boolean>`alert_camera_states.cms = 1 OR alert_camera_states.removed` : false,
            updated_at: now,
          })
          .where('alert_camera_states.cms', '<>', cms),
      )
      .returning('removed')
      .executeTakeFirst();
    return row ? row.removed : null;
  }

  /** Whether the gateway's camera is missing (recordCamera). */
  async cameraMissing(gatewayMac: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('alert_camera_states')
      .select('removed')
      .where('gateway_mac', '=', gatewayMac)
      .executeTakeFirst();
    return row?.removed ?? false;
  }
}
