import { Button, Stack, Typography } from '@mui/material';
import { type GatewaySummary, gatewayRegistryMessages } from '@portal/contract';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useAssignScope } from './api/assign-scope.ts';
import { CustomerSelect } from './CustomerSelect.tsx';
import { useCustomerOptions } from './use-customer-options.ts';

const m = gatewayRegistryMessages;

/** Change Customer of an unregistered gateway (POST /api/gateway/{id}/assign-scope/{scopeId}). */
export function ChangeCustomerForm({ gateway, canEdit }: { gateway: GatewaySummary; canEdit: boolean }) {
  const t = useT('gateways');
  const notify = useNotify();
  const assign = useAssignScope();
  const customers = useCustomerOptions(gateway.scopeId);
  const [scopeId, setScopeId] = useState(gateway.scopeId);
  const changed = scopeId !== '' && scopeId !== gateway.scopeId;

  // mutateAsync: the moved gateway may leave the list (and this panel) before the answer is read.
  const submit = () =>
    assign.mutateAsync({ gatewayId: gateway.id, scopeId }).then(
      () => notify({ variant: 'success', text: m.detailsMoved }),
      () => notify({ variant: 'error', text: m.detailsFailed }),
    );

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('info.moveText')}
      </Typography>
      <CustomerSelect options={customers.options} value={scopeId} onChange={setScopeId} disabled={!canEdit} />
      {canEdit && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={submit} disabled={!changed} loading={assign.isPending}>
            {t('info.changeCustomer')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
