import { type Kysely, sql } from 'kysely';

/**
 * Per-customer quotas (issue 33, docs/quotas.md). `customer_quotas` holds a customer's quotas, each null for
 * unlimited; no row is unlimited in all. A quota covers the customer's subtree (itself and its sub-customers).
 * `customer_api_calls` counts the API calls of a customer with an API quota in the current minute (one row per
 * such customer, restarted when the minute changes).
 *
 * The gateway and lock-user quotas are decided inside the statement that adds the row, by the trigger below:
 * it locks the quota rows of the new row's customer and its ancestors (FOR NO KEY UPDATE, in id order), then
 * counts each subtree. A plpgsql statement takes a new snapshot in READ COMMITTED, so the count made after the
 * lock sees the row of a concurrent insert that held the lock and committed: two inserts at once cannot both
 * take the last place. Refused with SQLSTATE QU001 (gateways) or QU002 (lock users), the quota in DETAIL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE customer_quotas (
      tenant_id uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
      gateways integer CHECK (gateways > 0),
      lock_users integer CHECK (lock_users > 0),
      stored_days integer CHECK (stored_days > 0),
      messages_per_second integer CHECK (messages_per_second > 0),
      api_calls_per_minute integer CHECK (api_calls_per_minute > 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE customer_api_calls (
      tenant_id uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
      minute timestamptz NOT NULL,
      calls integer NOT NULL
    )`.execute(db);

  await sql`
    CREATE FUNCTION customer_quota_check() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      chain uuid[];
      came_from uuid[] := '{}';
      q record;
      used bigint;
    BEGIN
      IF TG_OP = 'INSERT' AND TG_TABLE_NAME = 'gateways' THEN
        -- (nested: NEW of lock_users has no mac)
        IF EXISTS (SELECT 1 FROM gateways WHERE mac = NEW.mac) THEN
          RETURN NEW; -- re-provisioning: the insert becomes an update of the gateway already counted
        END IF;
      END IF;
      IF TG_OP = 'UPDATE' THEN
        IF NEW.tenant_id IS NOT DISTINCT FROM OLD.tenant_id THEN
          RETURN NEW;
        END IF;
        -- A move within a subtree does not change that subtree's count.
        SELECT array_append(ancestors, id) INTO came_from FROM tenants WHERE id = OLD.tenant_id;
      END IF;
      SELECT array_append(ancestors, id) INTO chain FROM tenants WHERE id = NEW.tenant_id;
      FOR q IN
        SELECT c.tenant_id,
               CASE WHEN TG_TABLE_NAME = 'gateways' THEN c.gateways ELSE c.lock_users END AS quota
        FROM customer_quotas c
        WHERE c.tenant_id = ANY (chain) AND NOT c.tenant_id = ANY (coalesce(came_from, '{}'))
          AND (CASE WHEN TG_TABLE_NAME = 'gateways' THEN c.gateways ELSE c.lock_users END) IS NOT NULL
        ORDER BY c.tenant_id
        FOR NO KEY UPDATE OF c
      LOOP
        IF TG_TABLE_NAME = 'gateways' THEN
          SELECT count(*) INTO used FROM gateways g JOIN tenants t ON t.id = g.tenant_id
          WHERE t.id = q.tenant_id OR t.ancestors @> ARRAY[q.tenant_id];
        ELSE
          SELECT count(*) INTO used FROM lock_users u JOIN tenants t ON t.id = u.tenant_id
          WHERE u.deleted_at IS NULL AND (t.id = q.tenant_id OR t.ancestors @> ARRAY[q.tenant_id]);
        END IF;
        IF used >= q.quota THEN
          RAISE EXCEPTION '% quota of customer % reached', TG_TABLE_NAME, q.tenant_id
            USING ERRCODE = CASE WHEN TG_TABLE_NAME = 'gateways' THEN 'QU001' ELSE 'QU002' END,
                  DETAIL = q.quota::text;
        END IF;
      END LOOP;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER gateways_quota BEFORE INSERT OR UPDATE OF tenant_id ON gateways
    FOR EACH ROW EXECUTE FUNCTION customer_quota_check()`.execute(db);
  await sql`
    CREATE TRIGGER lock_users_quota BEFORE INSERT OR UPDATE OF tenant_id ON lock_users
    FOR EACH ROW EXECUTE FUNCTION customer_quota_check()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS lock_users_quota ON lock_users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS gateways_quota ON gateways`.execute(db);
  await sql`DROP FUNCTION IF EXISTS customer_quota_check()`.execute(db);
  await sql`DROP TABLE IF EXISTS customer_api_calls`.execute(db);
  await sql`DROP TABLE IF EXISTS customer_quotas`.execute(db);
}
