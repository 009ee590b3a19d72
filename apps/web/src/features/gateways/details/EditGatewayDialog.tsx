import { Dialog, DialogTitle } from '@mui/material';
import { gatewayRegistryMessages } from '@portal/contract';
import { useId } from 'react';
import { useNotify } from '../../../lib/use-notify.ts';
import type { GatewayDialogProps } from '../gateway-dialog-props.ts';
import { useRegisterGateway } from './api/register-gateway.ts';
import { useUpdateGateway } from './api/update-gateway.ts';
import { GatewayDetailsForm } from './GatewayDetailsForm.tsx';
import { gatewayFormValues, type RegisterFormOutput, registerBody, updateBody } from './gateway-form.ts';

const m = gatewayRegistryMessages;

/**
 * Edit gateway (spec 001 section 5): a registered gateway's details, saved only when something changed; an
 * unregistered gateway (REG 0) is registered in its customer by the same form.
 */
export function EditGatewayDialog({ gateway, open, onClose }: GatewayDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const update = useUpdateGateway();
  const register = useRegisterGateway();
  const registered = gateway.REG === 1;
  const mutation = registered ? update : register;

  const save = (values: RegisterFormOutput) => {
    const done = {
      onSuccess: () => {
        notify({ variant: 'success', text: registered ? m.updated : m.registered });
        onClose();
      },
      onError: () => notify({ variant: 'error', text: registered ? m.updateFailed : m.registerFailed }),
    };
    if (registered) update.mutate({ mac: gateway.macId, body: updateBody(values) }, done);
    else register.mutate(registerBody(values, gateway.scopeId, gateway.HS), done);
  };

  const close = () => {
    update.reset();
    register.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={mutation.isPending ? undefined : close} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>{registered ? 'Edit Gateway' : 'Register Gateway'}</DialogTitle>
      {open && (
        <GatewayDetailsForm
          loaded={{ ...gatewayFormValues(gateway), MAC: gateway.macId }}
          macEditable={false}
          requireChange={registered}
          submitLabel={registered ? 'Save' : 'Register'}
          pending={mutation.isPending}
          serverError={mutation.error}
          onSubmit={save}
          onCancel={close}
        />
      )}
    </Dialog>
  );
}
