import type { GatewaySummary } from '@portal/contract';
import { useT } from '../../../lib/i18n/index.ts';
import { useSetHotspot } from '../api/set-hotspot.ts';
import { hotspotQuestion, hotspotToggle } from '../hotspot-rules.ts';
import { GatewayActionConfirm } from './GatewayActionConfirm.tsx';

interface HotspotToggleDialogProps {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
}

/**
 * 'Gateway HotSpot Toggle' confirmation. Once the server accepted the change the dialog closes: the card's
 * hotspot icon blinks while HSIPRC is 1 and the page shows the live result
 * ('Successfully updated hotspot status for {mac}' / 'Failed to update hotspot status for {mac}').
 */
export function HotspotToggleDialog({ gateway, open, onClose }: HotspotToggleDialogProps) {
  const t = useT('gateway-commands');
  const setHotspot = useSetHotspot();
  if (!open) return null;
  const { blocked, target } = hotspotToggle(gateway);
  const close = () => {
    setHotspot.reset();
    onClose();
  };
  return (
    <GatewayActionConfirm
      title={t('confirm.hotspotTitle')}
      question={hotspotQuestion(gateway.name, target)}
      // While the request is on its way the gateway's own state must not replace the question.
      blocked={setHotspot.isPending ? null : blocked}
      error={setHotspot.error?.message ?? null}
      pending={setHotspot.isPending}
      onConfirm={() => setHotspot.mutate({ macId: gateway.macId, HS: target }, { onSuccess: close })}
      onClose={close}
    />
  );
}
