import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Typography } from '@mui/material';
import { CUSTOMER_FIELD_MAX_LENGTH, EMAIL_MAX_LENGTH } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useDuplicateEmailCheck } from '../../../api/check-duplicate-email.ts';
import { CountedTextField } from '../../../components/CountedTextField.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { createCustomer as createCustomerCall } from '../api/create-customer.ts';
import { CUSTOMER_LISTS_KEY } from '../api/get-customers.ts';
import { uploadImages } from '../api/upload-images.ts';
import { type CreateCustomerCalls, createCustomer, createOutcome } from '../create-customer.ts';
import {
  type CreateCustomerFormOutput,
  type CreateCustomerFormValues,
  canCreateCustomer,
  checkableEmail,
  createCustomerFormSchema,
  createFormValues,
} from '../customer-form.ts';
import { BrandingFields } from './BrandingFields.tsx';
import { CustomerDialog } from './CustomerDialog.tsx';
import { type ChosenImage, NO_IMAGE } from './ImageField.tsx';

/** The duplicate check asks once typing in the email has paused this long. */
const EMAIL_CHECK_DELAY_MS = 500;

const calls: CreateCustomerCalls<File> = { createCustomer: createCustomerCall, uploadImages };

type TextFieldName = 'name' | 'customerId' | 'firstName' | 'lastName' | 'email';

function CreateCustomerForm({ onClose }: { onClose: () => void }) {
  const t = useT('tenants');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { control, handleSubmit, watch, setValue, setError, formState } = useForm<
    CreateCustomerFormValues,
    unknown,
    CreateCustomerFormOutput
  >({
    resolver: zodResolver(createCustomerFormSchema),
    defaultValues: createFormValues(),
    mode: 'onTouched',
  });
  const values = watch();
  const [logo, setLogo] = useState<ChosenImage>(NO_IMAGE);
  const [favicon, setFavicon] = useState<ChosenImage>(NO_IMAGE);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const settledEmail = useDebouncedValue(values.email, EMAIL_CHECK_DELAY_MS);
  const emailToCheck = checkableEmail(settledEmail);
  const duplicate = useDuplicateEmailCheck(emailToCheck);
  const duplicateMessage =
    duplicate.data?.exists && emailToCheck === checkableEmail(values.email)
      ? (duplicate.data.message ?? '')
      : null;
  const imageRefused = logo.problem !== null || favicon.problem !== null;
  const submitEnabled = canCreateCustomer(values, duplicateMessage !== null, imageRefused);

  const submit = handleSubmit(async (output) => {
    setPending(true);
    setDialogError(null);
    const result = await createCustomer(calls, output, { logo: logo.file, favicon: favicon.file });
    setPending(false);
    if (result.status === 'created') void queryClient.invalidateQueries({ queryKey: CUSTOMER_LISTS_KEY });
    if (result.status === 'failed' && result.emailError)
      setError('email', { message: result.emailError }, { shouldFocus: true });
    const outcome = createOutcome(result, output.name);
    for (const notice of outcome.notices) notify(notice);
    if (outcome.close) onClose();
    else setDialogError(outcome.dialogError);
  });

  const textField = (name: TextFieldName, label: string, max: number, type = 'text') => (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field }, fieldState }) => (
        <CountedTextField
          {...field}
          inputRef={ref}
          label={label}
          type={type}
          required
          max={max}
          disabled={pending}
          message={
            fieldState.error?.message ?? (name === 'email' ? (duplicateMessage ?? undefined) : undefined)
          }
        />
      )}
    />
  );

  return (
    <CustomerDialog
      title={t('create.title')}
      submitLabel={t('create.submit')}
      error={dialogError}
      submitEnabled={submitEnabled}
      pending={pending}
      onSubmit={submit}
      onClose={onClose}
    >
      {textField('name', t('dialog.customerLabel'), CUSTOMER_FIELD_MAX_LENGTH)}
      {textField('customerId', t('dialog.customerId'), CUSTOMER_FIELD_MAX_LENGTH)}
      <Typography variant="subtitle2" component="h3">
        {t('create.superAdmin')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {textField('firstName', t('create.firstName'), CUSTOMER_FIELD_MAX_LENGTH)}
        {textField('lastName', t('create.lastName'), CUSTOMER_FIELD_MAX_LENGTH)}
      </Stack>
      {textField('email', t('create.email'), EMAIL_MAX_LENGTH, 'email')}
      <BrandingFields
        colors={{ values, setValue, errors: formState.errors }}
        logo={logo}
        favicon={favicon}
        onLogoChange={setLogo}
        onFaviconChange={setFavicon}
        disabled={pending}
      />
    </CustomerDialog>
  );
}

/** The Create Customer dialog, shown while `open`; it starts afresh each time. */
export function CreateCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <CreateCustomerForm onClose={onClose} /> : null;
}
