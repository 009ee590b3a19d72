import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { type GatewaySummary, gatewayDetailsMessages, gatewayRegistryMessages } from '@portal/contract';
import { useId, useState } from 'react';
import type { GatewayDialogProps } from '../../../components/gateway-dialog-props.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useMigrateGateway } from './api/migrate-gateway.ts';
import { CustomerSelect } from './CustomerSelect.tsx';
import { useCustomerOptions } from './use-customer-options.ts';

const m = gatewayRegistryMessages;

function MigrateForm({ gateway, onClose }: { gateway: GatewaySummary; onClose: () => void }) {
  const t = useT('gateways');
  const messageText = useMessageText();
  const notify = useNotify();
  const migrate = useMigrateGateway();
  const customers = useCustomerOptions(gateway.scopeId);
  const [scopeId, setScopeId] = useState(gateway.scopeId);
  const changed = scopeId !== '' && scopeId !== gateway.scopeId;

  // mutateAsync: the moved gateway may leave the list (and this dialog) before the answer is read.
  const submit = () =>
    migrate.mutateAsync({ deviceId: gateway.id, scopeId }).then(
      () => {
        notify({ variant: 'success', text: m.migrated(gateway.macId) });
        onClose();
      },
      () => notify({ variant: 'error', text: m.migrateFailed(gateway.macId) }),
    );

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="info">{messageText(gatewayDetailsMessages.migrationNotice)}</Alert>
          <TextField
            label={t('migrate.gateway')}
            value={`${gateway.name} (${gateway.macId})`}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <CustomerSelect options={customers.options} value={scopeId} onChange={setScopeId} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={migrate.isPending}>
          {t('migrate.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={!changed} loading={migrate.isPending}>
          {t('migrate.migrate')}
        </Button>
      </DialogActions>
    </>
  );
}

/** Device migration (spec 001 sections 2 and 4): move a gateway to another customer; IOT_DEVICE_SCOPE_MIGRATE. */
export function MigrateGatewayDialog({ gateway, open, onClose }: GatewayDialogProps) {
  const messageText = useMessageText();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{messageText(gatewayDetailsMessages.migrationTitle)}</DialogTitle>
      {open && <MigrateForm gateway={gateway} onClose={onClose} />}
    </Dialog>
  );
}
