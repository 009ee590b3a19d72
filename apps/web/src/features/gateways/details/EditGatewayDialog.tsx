import { Dialog, DialogTitle } from '@mui/material';
import { gatewayRegistryMessages } from '@portal/contract';
import { useId, useState } from 'react';
import type { GatewayDialogProps } from '../../../components/gateway-dialog-props.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useRegisterGateway } from './api/register-gateway.ts';
import { useUpdateGateway } from './api/update-gateway.ts';
import { GatewayCredential } from './GatewayCredential.tsx';
import { GatewayDetailsForm } from './GatewayDetailsForm.tsx';
import { gatewayFormValues, type RegisterFormOutput, registerBody, updateBody } from './gateway-form.ts';

const m = gatewayRegistryMessages;

/**
 * Edit gateway (spec 001 section 5): a registered gateway's details, saved only when something changed; an
 * unregistered gateway (REG 0) is registered in its customer by the same form.
 */
export function EditGatewayDialog({ gateway, open, onClose }: GatewayDialogProps) {
  const t = useT('gateways');
  const titleId = useId();
  const notify = useNotify();
  const update = useUpdateGateway();
  const register = useRegisterGateway();
  const registered = gateway.REG === 1;
  const mutation = registered ? update : register;
  // An unregistered gateway registered here without a credential of its own: its new one, shown once.
  const [issued, setIssued] = useState<{ macId: string; credential: string } | null>(null);

  const save = (values: RegisterFormOutput) => {
    const failed = () => notify({ variant: 'error', text: registered ? m.updateFailed : m.registerFailed });
    if (registered)
      update.mutate(
        { mac: gateway.macId, body: updateBody(values) },
        {
          onSuccess: () => {
            notify({ variant: 'success', text: m.updated });
            onClose();
          },
          onError: failed,
        },
      );
    else
      register.mutate(registerBody(values, gateway.scopeId, gateway.HS), {
        onSuccess: (result) => {
          notify({ variant: 'success', text: m.registered });
          if (result.credential) setIssued({ macId: result.macId, credential: result.credential });
          else close();
        },
        onError: failed,
      });
  };

  const close = () => {
    update.reset();
    register.reset();
    setIssued(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={mutation.isPending || issued ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
    >
      <DialogTitle id={titleId}>
        {registered && !issued ? t('form.editTitle') : t('form.registerTitle')}
      </DialogTitle>
      {open && issued && <GatewayCredential {...issued} onDone={close} />}
      {open && !issued && (
        <GatewayDetailsForm
          loaded={{ ...gatewayFormValues(gateway), MAC: gateway.macId }}
          macEditable={false}
          requireChange={registered}
          submitLabel={registered ? t('form.save') : t('form.register')}
          pending={mutation.isPending}
          serverError={mutation.error}
          onSubmit={save}
          onCancel={close}
        />
      )}
    </Dialog>
  );
}
