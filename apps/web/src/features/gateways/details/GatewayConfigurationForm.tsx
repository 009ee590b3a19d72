import { Button, Stack, TextField, Typography } from '@mui/material';
import { GATEWAY_NAME_MAX_LENGTH, type GatewaySummary, gatewayRegistryMessages } from '@portal/contract';
import { useId, useState } from 'react';
import { CountedTextField } from '../../../components/CountedTextField.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useUpdateGateway } from './api/update-gateway.ts';
import { CustomerSelect } from './CustomerSelect.tsx';
import { configurationChange, nameProblem } from './gateway-configuration.ts';
import { useCustomerOptions } from './use-customer-options.ts';

const m = gatewayRegistryMessages;

/**
 * Gateway Configuration (spec 001 section 2): editable Gateway Name, read-only MacId and Manufacturer, the
 * Select Customer dropdown. Submit only with IOT_DEVICE_WRITE (`canEdit`), enabled once the name or the
 * customer changed.
 */
export function GatewayConfigurationForm({
  gateway,
  canEdit,
}: {
  gateway: GatewaySummary;
  canEdit: boolean;
}) {
  const t = useT('gateways');
  const messageText = useMessageText();
  const titleId = useId();
  const notify = useNotify();
  const update = useUpdateGateway();
  const customers = useCustomerOptions(gateway.scopeId);
  const [name, setName] = useState(gateway.name);
  const [scopeId, setScopeId] = useState(gateway.scopeId);
  const problem = nameProblem(name);
  const change = configurationChange(gateway, { name, scopeId });

  const submit = () => {
    if (!change || problem) return;
    // mutateAsync: a gateway moved away may leave the list (and this panel) before the answer is read.
    update.mutateAsync({ mac: gateway.macId, body: change.body }).then(
      () => notify({ variant: 'success', text: change.moved ? m.detailsMoved : m.detailsUpdated }),
      () => notify({ variant: 'error', text: m.detailsFailed }),
    );
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Typography id={titleId} variant="subtitle1" component="h3">
        {t('info.configuration')}
      </Typography>
      {!canEdit && (
        <Typography variant="body2" color="text.secondary">
          {messageText(m.readOnly)}
        </Typography>
      )}
      <CountedTextField
        allowOverflow
        label={t('info.gatewayName')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        max={GATEWAY_NAME_MAX_LENGTH}
        message={problem ?? undefined}
        slotProps={{ htmlInput: { readOnly: !canEdit } }}
      />
      <TextField
        label={t('info.macId')}
        value={gateway.macId}
        slotProps={{ htmlInput: { readOnly: true } }}
        fullWidth
      />
      <TextField
        label={t('info.manufacturer')}
        value={gateway.manufacturer ?? ''}
        slotProps={{ htmlInput: { readOnly: true } }}
        fullWidth
      />
      <CustomerSelect options={customers.options} value={scopeId} onChange={setScopeId} disabled={!canEdit} />
      {canEdit && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!change || problem !== null}
            loading={update.isPending}
          >
            {t('info.submit')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
