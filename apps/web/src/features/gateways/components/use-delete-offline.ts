import { gatewayRegistryMessages } from '@portal/contract';
import { useState } from 'react';
import { useNotify } from '../../../lib/use-notify.ts';
import { useDeleteOfflineGateways } from '../api/delete-offline-gateways.ts';
import { deleteRequestParts, type GatewaySelection } from '../gateway-selection.ts';
import type { ListSelection } from '../gateway-windows.ts';

export interface DeleteOffline {
  /** The confirmation dialog is open. */
  confirming: boolean;
  ask: () => void;
  cancel: () => void;
  /** Deletes the selection (the gateways ticked, or the first N of the list as it is selected). */
  confirm: () => void;
  busy: boolean;
}

/**
 * Delete mode's deletion of offline gateways: asked, confirmed, then the outcome told. `onSettled` follows
 * either outcome, told whether any gateway was deleted.
 */
export function useDeleteOffline(
  scopeId: string,
  listSelection: ListSelection,
  selection: GatewaySelection,
  onSettled: (deletedAny: boolean) => void,
): DeleteOffline {
  const notify = useNotify();
  const deleteOffline = useDeleteOfflineGateways();
  const [confirming, setConfirming] = useState(false);

  const confirm = () => {
    const { macs, select } = deleteRequestParts(selection);
    const { sort: selectionSort, order, ...filtersOfList } = listSelection;
    deleteOffline.mutate(
      {
        offlineGateways: macs,
        scopeId,
        ...(select ? { select: { ...filtersOfList, sort: selectionSort, order, ...select } } : {}),
      },
      {
        onSuccess: (result) => {
          const ok = result.deleted.length > 0;
          notify({
            variant: ok ? 'success' : 'error',
            text: ok ? gatewayRegistryMessages.deleted : gatewayRegistryMessages.deleteFailed,
          });
        },
        onError: () => notify({ variant: 'error', text: gatewayRegistryMessages.deleteFailed }),
        onSettled: (result) => {
          setConfirming(false);
          onSettled(result !== undefined && result.deleted.length > 0);
        },
      },
    );
  };

  return {
    confirming,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    confirm,
    busy: deleteOffline.isPending,
  };
}
