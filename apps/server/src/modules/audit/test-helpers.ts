import { DEFAULT_PERMISSIONS } from '@portal/contract';
import { createCustomerWithUser, type Portal, signIn, uniqueEmail } from '../../../test/harness.ts';
import { hashPassword } from '../../lib/crypto.ts';

/** A signed-in user of the support tenant (created as a customer turned support when the portal has none). */
export async function supportUser(
  portal: Portal,
): Promise<{ cookie: string; email: string; tenantId: string }> {
  const db = portal.database.db;
  let tenant = await db.selectFrom('tenants').select('id').where('kind', '=', 'support').executeTakeFirst();
  if (!tenant) {
    const created = await createCustomerWithUser(portal, 'Support');
    await db.updateTable('tenants').set({ kind: 'support' }).where('id', '=', created.tenant.id).execute();
    tenant = { id: created.tenant.id };
  }
  const email = uniqueEmail('support', 'test.local');
  await db
    .insertInto('users')
    .values({
      tenant_id: tenant.id,
      email,
      first_name: 'Sam',
      last_name: 'Support',
      password_hash: await hashPassword('UserPass1'),
      permissions: [...DEFAULT_PERMISSIONS, 'ALERTS_READ'],
    })
    .execute();
  return { cookie: await signIn(portal, email, 'UserPass1'), email, tenantId: tenant.id };
}
