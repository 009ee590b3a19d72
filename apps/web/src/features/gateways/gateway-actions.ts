import type { Permission } from '@portal/contract';

/** What a card or list row can open (docs/gateway-operations.md 'Browser'); the page decides which is open. */
export type GatewayAction =
  | 'info'
  | 'hotspot'
  | 'camera'
  | 'location'
  | 'sensorGraphs'
  | 'systemGraphs'
  | 'reboot'
  | 'status'
  | 'pendingInstructions'
  | 'diagnostics'
  | 'edit'
  | 'migrate'
  | 'unregister'
  | 'co2History'
  | 'airQualityHistory'
  /** The gateway's locks (features/locks, GatewayLocksDialog). */
  | 'locks'
  /** A new MQTT password for the gateway (details/RotateCredentialDialog). */
  | 'rotateCredential';

/** The entries of the 'More actions' menu: each named by `actions.{action}` of the catalogue, but for the credential's. */
export type MenuAction = Exclude<
  GatewayAction,
  'info' | 'hotspot' | 'camera' | 'location' | 'sensorGraphs' | 'reboot' | 'rotateCredential'
>;

/**
 * The 'More actions' menu of a card and of a list row, in this order; `needs`: shown only to its holders, the
 * permission the entry's calls need (a refused call ends the session, so an entry whose call would be refused
 * is not offered). The credential's entry is named by the contract (rotateCredentialMessages.action).
 */
export const MORE_ACTIONS: readonly { action: MenuAction | 'rotateCredential'; needs?: Permission }[] = [
  { action: 'status' },
  { action: 'locks' },
  { action: 'pendingInstructions', needs: 'GATEWAY_INSTRUCTIONS_READ' },
  { action: 'diagnostics' },
  { action: 'edit', needs: 'IOT_DEVICE_WRITE' },
  { action: 'migrate', needs: 'IOT_DEVICE_SCOPE_MIGRATE' },
  { action: 'unregister', needs: 'IOT_DEVICE_WRITE' },
  { action: 'rotateCredential', needs: 'GENERATE_GATEWAY_TOKEN' },
  { action: 'co2History' },
  { action: 'airQualityHistory' },
  { action: 'systemGraphs' },
];

/** The menu's entries for a user holding `held` (effective permissions): an entry with `needs` only to its holders. */
export function moreActionsFor(held: ReadonlySet<string>): (MenuAction | 'rotateCredential')[] {
  return MORE_ACTIONS.filter(({ needs }) => !needs || held.has(needs)).map(({ action }) => action);
}

/** What changes gateways on their screen: edit, register, un-register, move, a new credential, instructions. */
const GATEWAY_CHANGES: readonly Permission[] = [
  'IOT_DEVICE_WRITE',
  'IOT_DEVICE_SCOPE_MIGRATE',
  'GENERATE_GATEWAY_TOKEN',
  'GATEWAY_INSTRUCTIONS_WRITE',
];

/** Whether a user holding `held` (effective permissions) may change anything on the gateways screen. */
export const mayChangeGateways = (held: ReadonlySet<string>) =>
  GATEWAY_CHANGES.some((code) => held.has(code));
