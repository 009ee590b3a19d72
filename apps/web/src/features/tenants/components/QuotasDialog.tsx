import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import {
  type CustomerQuotas,
  type CustomerQuotaUse,
  QUOTA_KINDS,
  QUOTA_MAX,
  quotaMessages,
  type Scope,
  UNLIMITED_QUOTAS,
} from '@portal/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { formatNumber, useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useSetCustomerQuotas } from '../api/set-customer-quotas.ts';
import { type QuotaFormValues, quotaFormSchema, quotaFormValues } from '../quotas.ts';
import { CustomerDialog } from './CustomerDialog.tsx';

interface QuotasFormProps {
  scope: Scope;
  use: CustomerQuotaUse | undefined;
  onClose: () => void;
}

function QuotasForm({ scope, use, onClose }: QuotasFormProps) {
  const t = useT('tenants');
  const messageText = useMessageText();
  const notify = useNotify();
  const save = useSetCustomerQuotas();
  const [dialogError, setDialogError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<QuotaFormValues, unknown, CustomerQuotas>({
    resolver: zodResolver(quotaFormSchema),
    defaultValues: quotaFormValues(use?.quotas ?? UNLIMITED_QUOTAS),
    mode: 'onTouched',
  });

  const submit = handleSubmit(async (quotas) => {
    setDialogError(null);
    try {
      await save.mutateAsync({ id: scope.id, quotas });
      notify({ variant: 'success', text: quotaMessages.saved });
      onClose();
    } catch (error) {
      const message = error instanceof Error ? error.message : quotaMessages.saveFailed;
      setDialogError(message);
      notify({ variant: 'error', text: quotaMessages.saveFailed });
    }
  });

  return (
    <CustomerDialog
      title={t('quotas.title', { name: scope.name })}
      submitLabel={t('quotas.submit')}
      error={dialogError}
      submitEnabled={formState.isDirty}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {QUOTA_KINDS.map((kind) => (
        <Controller
          key={kind}
          name={kind}
          control={control}
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              label={t(`quotas.label.${kind}`)}
              placeholder={t('quotas.unlimited')}
              disabled={save.isPending}
              error={fieldState.error !== undefined}
              helperText={
                fieldState.error?.message
                  ? messageText(fieldState.error.message)
                  : t(`quotas.help.${kind}`, { max: formatNumber(QUOTA_MAX[kind]) })
              }
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
            />
          )}
        />
      ))}
    </CustomerDialog>
  );
}

/** Root's Quotas dialog of a customer (docs/quotas.md): five whole numbers, each empty for unlimited. */
export function QuotasDialog({
  scope,
  use,
  onClose,
}: { scope: Scope | null } & Omit<QuotasFormProps, 'scope'>) {
  return scope ? <QuotasForm key={scope.id} scope={scope} use={use} onClose={onClose} /> : null;
}
