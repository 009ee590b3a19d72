import { type GatewaySummary, gatewayCommandMessages } from '@portal/contract';
import { i18n } from '../../lib/i18n/index.ts';

type HotspotGateway = Pick<GatewaySummary, 'deviceStatus' | 'HS' | 'HSIPRC'>;

/**
 * Spec 001 section 4, Hotspot: HS toggles only when the gateway is online and no change is in progress.
 * `blocked` is the text shown instead of the question; `target` the HS to switch to.
 */
export function hotspotToggle(gateway: HotspotGateway): { blocked: string | null; target: 0 | 1 } {
  const target = gateway.HS === 1 ? 0 : 1;
  if (gateway.deviceStatus !== 'online') return { blocked: gatewayCommandMessages.offline, target };
  if (gateway.HSIPRC === 1) return { blocked: gatewayCommandMessages.hotspotInProgress, target };
  return { blocked: null, target };
}

/** The confirmation's question (our wording; the spec names only the dialog; the 'gateway-commands' namespace). */
export function hotspotQuestion(name: string, target: 0 | 1): string {
  return i18n.t(target === 1 ? 'gateway-commands:confirm.hotspotOn' : 'gateway-commands:confirm.hotspotOff', {
    name,
  });
}
