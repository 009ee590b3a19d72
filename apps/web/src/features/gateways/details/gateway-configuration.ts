import { gatewayName, type UpdateGatewayBody } from '@portal/contract';

/** The name's problem (required, at most 40), or null. */
export function nameProblem(name: string): string | null {
  const parsed = gatewayName.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * What Submit of the Gateway Configuration sends: only what differs from the gateway (spaces around the name
 * do not count). `moved` picks the result text: 'successfully moved' when the customer changed. Null when
 * nothing changed, so Submit stays disabled.
 */
export function configurationChange(
  gateway: { name: string; scopeId: string },
  edited: { name: string; scopeId: string },
): { body: UpdateGatewayBody; moved: boolean } | null {
  const body: UpdateGatewayBody = {};
  const name = edited.name.trim();
  if (name !== gateway.name) body.NAME = name;
  const moved = edited.scopeId !== '' && edited.scopeId !== gateway.scopeId;
  if (moved) body.SID = edited.scopeId;
  return body.NAME === undefined && !moved ? null : { body, moved };
}
