import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, TextField } from '@mui/material';
import {
  CUSTOMER_FIELD_MAX_LENGTH,
  customerMessages,
  DASHBOARD_VARIANTS,
  type Scope,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { updateScope } from '../../../api/update-scope.ts';
import { CountedTextField } from '../../../components/CountedTextField.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { sessionStore, useSession } from '../../../lib/session.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { uploadImages } from '../api/upload-images.ts';
import {
  canUpdateCustomer,
  type UpdateCustomerFormOutput,
  type UpdateCustomerFormValues,
  updateCustomerFormSchema,
  updateFormValues,
} from '../customer-form.ts';
import { applyToCachedCustomers } from '../update-cached-customers.ts';
import { type UpdateCustomerCalls, updateCustomer } from '../update-customer.ts';
import { BrandingFields } from './BrandingFields.tsx';
import { CustomerDialog } from './CustomerDialog.tsx';
import { type ChosenImage, NO_IMAGE } from './ImageField.tsx';

const calls: UpdateCustomerCalls<File> = { updateScope, uploadImages };

function UpdateCustomerForm({ scope, onClose }: { scope: Scope; onClose: () => void }) {
  const t = useT('tenants');
  const messageText = useMessageText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // A customer is given its dashboard by the customer above it (root: any), not by its own users.
  const { tenantId, isRootUser } = useSession();
  const setsDashboard = isRootUser || scope.id !== tenantId;
  const initial = useMemo(() => updateFormValues(scope), [scope]);
  const { control, handleSubmit, watch, setValue, formState } = useForm<
    UpdateCustomerFormValues,
    unknown,
    UpdateCustomerFormOutput
  >({ resolver: zodResolver(updateCustomerFormSchema), defaultValues: initial, mode: 'onTouched' });
  const values = watch();
  const [logo, setLogo] = useState<ChosenImage>(NO_IMAGE);
  const [favicon, setFavicon] = useState<ChosenImage>(NO_IMAGE);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const chosen = { logo: logo.file !== null, favicon: favicon.file !== null };
  const imageRefused = logo.problem !== null || favicon.problem !== null;
  const submitEnabled = canUpdateCustomer(values, initial, chosen, imageRefused);

  const submit = handleSubmit(async (output) => {
    setPending(true);
    setDialogError(null);
    const result = await updateCustomer(calls, output, scope, { logo: logo.file, favicon: favicon.file });
    setPending(false);
    if (result.status === 'failed') {
      notify({ variant: 'error', text: result.error });
      setDialogError(result.error);
      return;
    }
    applyToCachedCustomers(queryClient, { type: 'scopeUpdated', scope: result.scope });
    // The tenant being viewed takes its new colours and logo at once.
    if (sessionStore.get().tenantId === result.scope.id) sessionStore.openTenant(result.scope);
    notify({ variant: 'success', text: customerMessages.detailsUpdated });
    if (result.imagesError) {
      notify({
        variant: 'warning',
        text: t('update.imagesFailed', { name: scope.name, error: messageText(result.imagesError) }),
      });
    }
    onClose();
  });

  return (
    <CustomerDialog
      title={t('update.title')}
      submitLabel={t('update.submit')}
      error={dialogError}
      submitEnabled={submitEnabled}
      pending={pending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('dialog.customerLabel')}
        value={scope.name}
        fullWidth
        helperText={messageText(customerMessages.labelReadOnly)}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <Controller
        name="customerId"
        control={control}
        render={({ field: { ref, ...field }, fieldState }) => (
          <CountedTextField
            {...field}
            inputRef={ref}
            label={t('dialog.customerId')}
            required
            max={CUSTOMER_FIELD_MAX_LENGTH}
            disabled={pending}
            message={fieldState.error?.message}
          />
        )}
      />
      {setsDashboard && (
        <Controller
          name="dashboardVariant"
          control={control}
          render={({ field: { ref, ...field } }) => (
            <TextField
              {...field}
              inputRef={ref}
              select
              label={t('update.dashboard')}
              disabled={pending}
              helperText={t('update.dashboardHelp')}
            >
              {DASHBOARD_VARIANTS.map((variant) => (
                <MenuItem key={variant} value={variant}>
                  {t(`dashboardVariant.${variant}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      <BrandingFields
        colors={{ values, setValue, errors: formState.errors }}
        logo={logo}
        favicon={favicon}
        onLogoChange={setLogo}
        onFaviconChange={setFavicon}
        currentLogoUrl={scope.logoUrl}
        currentFavIconUrl={scope.favIconUrl}
        disabled={pending}
      />
    </CustomerDialog>
  );
}

/** The Update Customer dialog for `scope` (none when null); it starts afresh each time. */
export function UpdateCustomerDialog({ scope, onClose }: { scope: Scope | null; onClose: () => void }) {
  return scope ? <UpdateCustomerForm key={scope.id} scope={scope} onClose={onClose} /> : null;
}
