import type { WebhookDelivery, WebhookWithSecret } from '@portal/contract';
import { DEFAULT_PERMISSIONS } from '@portal/contract';
import { expect } from 'vitest';
import { createCustomerWithUser, injectAs, signIn, type TestPortal } from '../../../test/harness.ts';

export const ADMIN = [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'WEBHOOK_WRITE', 'API_KEY_WRITE'];
export type Customer = Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string };

export async function customer(
  portal: TestPortal,
  label: string,
  permissions = ADMIN,
  parentId?: string,
): Promise<Customer> {
  const made = await createCustomerWithUser(portal, label, {
    permissions,
    ...(parentId ? { parentId } : {}),
  });
  return { ...made, cookie: await signIn(portal, made.email, made.password) };
}

export async function createWebhook(
  portal: TestPortal,
  cookie: string,
  url: string,
  extra: Record<string, unknown> = {},
): Promise<WebhookWithSecret> {
  const response = await injectAs(portal, cookie, 'POST', '/api/webhooks', {
    payload: { name: 'Receiver', url, eventTypes: ['lock.unlocked'], ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as WebhookWithSecret;
}

export const deliveriesOf = async (portal: TestPortal, cookie: string, id: string) => {
  const response = await injectAs(portal, cookie, 'GET', `/api/webhooks/${id}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as WebhookDelivery[];
};
