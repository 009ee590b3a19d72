import { Dialog, DialogTitle, MenuItem, TextField } from '@mui/material';
import { type GatewaySummary, gatewayRegistryMessages } from '@portal/contract';
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useUnregisteredGateways } from '../api/get-gateways.ts';
import { useRegisterGateway } from './api/register-gateway.ts';
import { GatewayCredential } from './GatewayCredential.tsx';
import { GatewayDetailsForm } from './GatewayDetailsForm.tsx';
import {
  emptyRegisterValues,
  gatewayFormValues,
  type RegisterFormOutput,
  registerBody,
} from './gateway-form.ts';

const m = gatewayRegistryMessages;
const NEW_GATEWAY = 'new';

/**
 * Register gateway (spec 001 section 5): a new gateway by its MAC, or one of the customer's unregistered
 * gateways (REG 0), registered in the customer being viewed.
 */
export function RegisterGatewayDialog({
  scopeId,
  open,
  onClose,
}: {
  scopeId: string;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT('gateways');
  const titleId = useId();
  const notify = useNotify();
  const register = useRegisterGateway();
  // The customer's unregistered gateways only (REG 0), asked of the server while the dialog is open.
  const gateways = useUnregisteredGateways(open ? scopeId : '');
  const unregistered = (gateways.data ?? []).filter((gateway) => gateway.REG === 0);
  const [pickedMac, setPickedMac] = useState(NEW_GATEWAY);
  const picked: GatewaySummary | undefined = unregistered.find((gateway) => gateway.macId === pickedMac);
  // After registration: a newly issued credential, shown once; closing the dialog forgets it. A gateway
  // that was provisioned with one keeps it, and the dialog closes.
  const [issued, setIssued] = useState<{ macId: string; credential: string } | null>(null);

  const close = () => {
    register.reset();
    setPickedMac(NEW_GATEWAY);
    setIssued(null);
    onClose();
  };

  const save = (values: RegisterFormOutput) =>
    register.mutate(registerBody(values, picked?.scopeId ?? scopeId, picked?.HS ?? null), {
      onSuccess: (result) => {
        notify({ variant: 'success', text: m.registered });
        if (result.credential) setIssued({ macId: result.macId, credential: result.credential });
        else close();
      },
      onError: () => notify({ variant: 'error', text: m.registerFailed }),
    });

  return (
    <Dialog
      open={open}
      onClose={register.isPending || issued ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
    >
      <DialogTitle id={titleId}>{t('form.registerTitle')}</DialogTitle>
      {open && issued && <GatewayCredential {...issued} onDone={close} />}
      {open && !issued && (
        <GatewayDetailsForm
          key={pickedMac}
          loaded={picked ? { ...gatewayFormValues(picked), MAC: picked.macId } : emptyRegisterValues()}
          macEditable={!picked}
          requireChange={false}
          submitLabel={t('form.register')}
          pending={register.isPending}
          serverError={register.error}
          onSubmit={save}
          onCancel={close}
        >
          {unregistered.length > 0 && (
            <TextField
              select
              label={t('form.unregistered')}
              value={pickedMac}
              onChange={(event) => setPickedMac(event.target.value)}
              fullWidth
            >
              <MenuItem value={NEW_GATEWAY}>{t('form.newGateway')}</MenuItem>
              {unregistered.map((gateway) => (
                <MenuItem key={gateway.macId} value={gateway.macId}>
                  {gateway.name} ({gateway.macId})
                </MenuItem>
              ))}
            </TextField>
          )}
        </GatewayDetailsForm>
      )}
    </Dialog>
  );
}
