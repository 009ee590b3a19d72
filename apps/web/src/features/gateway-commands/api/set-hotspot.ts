import { type HotspotBody, hotspotAccepted } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { patchGatewayLists } from '../../../api/gateway-lists.ts';
import { apiRequest } from '../../../lib/api.ts';

type HotspotAccepted = z.infer<typeof hotspotAccepted>;

/** PUT /api/gateway/{mac}/hotspot: starts the change; the result arrives live (HSIPRCModified / HSIPRFAILED). */
export function setHotspot(macId: string, body: HotspotBody): Promise<HotspotAccepted> {
  return apiRequest(`/api/gateway/${encodeURIComponent(macId)}/hotspot`, {
    method: 'PUT',
    body,
    schema: hotspotAccepted,
  });
}

/** Marks the change in progress in every cached list at once, so the card's hotspot icon blinks right away. */
export function useSetHotspot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ macId, HS }: { macId: string } & HotspotBody) => setHotspot(macId, { HS }),
    onSuccess: (accepted) =>
      patchGatewayLists(queryClient, (gateways) =>
        gateways.map((gateway) =>
          gateway.macId === accepted.macId ? { ...gateway, HSIPRC: accepted.HSIPRC } : gateway,
        ),
      ),
  });
}
