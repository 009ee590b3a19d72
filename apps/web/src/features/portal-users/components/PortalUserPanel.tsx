import { zodResolver } from '@hookform/resolvers/zod';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  EMAIL_MAX_LENGTH,
  effectivePermissions,
  NAME_MAX_LENGTH,
  type Permission,
  type PortalUser,
  peopleMessages,
  portalUserMessages,
  ROLES,
  stripLeadingSpace,
} from '@portal/contract';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useDuplicateEmailCheck } from '../../../api/check-duplicate-email.ts';
import { CountedTextField } from '../../../components/CountedTextField.tsx';
import { PhoneNumberField } from '../../../components/PhoneNumberField.tsx';
import { SidePanel } from '../../../components/SidePanel.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useUpdatePortalUser } from '../api/update-portal-user.ts';
import { useCreatePortalUser } from '../api/use-create-portal-user.ts';
import {
  canCreate,
  canUpdate,
  checkableEmail,
  chooseRole,
  createBody,
  createErrorText,
  createFormValues,
  type PortalUserFormOutput,
  type PortalUserFormValues,
  portalUserFormSchema,
  roleOptions,
  togglePermission,
  updateBody,
  updateFormValues,
  visiblePermissionGroups,
} from '../portal-user-form.ts';
import { PermissionGrid } from './PermissionGrid.tsx';

/** Spec 002 section 9: input checks wait 500 ms after typing. */
const EMAIL_CHECK_DELAY_MS = 500;

export type PanelTarget = { mode: 'create' } | { mode: 'update'; user: PortalUser };

interface PanelSettings {
  scopeId: string;
  /** Whether the listed scope is the root tenant (the Super Admin preset differs there). */
  inAdminTenant: boolean;
  /** Whether the admin-tenant-only permissions are offered. */
  showAdminTenantOnly: boolean;
  onClose: () => void;
}

function PortalUserForm({
  target,
  titleId,
  scopeId,
  inAdminTenant,
  showAdminTenantOnly,
  onClose,
}: PanelSettings & { target: PanelTarget; titleId: string }) {
  const t = useT('portal-users');
  const loaded = target.mode === 'update' ? target.user : null;
  const notify = useNotify();
  // Spec 002 section 6: root gives anything, others only what they hold (the server refuses the rest).
  const { isRootUser, permissions: ownPermissions } = useSession();
  const own = effectivePermissions(ownPermissions);
  const grantable = (code: Permission) => isRootUser || own.has(code);
  const createUser = useCreatePortalUser(scopeId);
  const updateUser = useUpdatePortalUser(scopeId);
  const { control, handleSubmit, setValue, watch } = useForm<
    PortalUserFormValues,
    unknown,
    PortalUserFormOutput
  >({
    resolver: zodResolver(portalUserFormSchema),
    defaultValues: loaded ? updateFormValues(loaded) : createFormValues(grantable),
    mode: 'onChange',
  });
  const values = watch();

  const settledEmail = useDebouncedValue(values.email, EMAIL_CHECK_DELAY_MS);
  const emailToCheck = loaded ? '' : checkableEmail(settledEmail);
  const duplicate = useDuplicateEmailCheck(emailToCheck);
  const duplicateMessage =
    duplicate.data?.exists && emailToCheck === checkableEmail(values.email)
      ? (duplicate.data.message ?? '')
      : null;

  const submitEnabled = loaded ? canUpdate(values, loaded) : canCreate(values, duplicateMessage !== null);
  const pending = createUser.isPending || updateUser.isPending;

  const showRoleAndPermissions = (next: { role: PortalUserFormValues['role']; permissions: string[] }) => {
    setValue('role', next.role);
    setValue('permissions', next.permissions, { shouldDirty: true });
  };

  const submit = handleSubmit((output) => {
    if (!loaded) {
      createUser.mutate(createBody(output, scopeId), {
        onSuccess: () => {
          notify({ variant: 'success', text: portalUserMessages.created });
          onClose();
        },
        onError: (error) => notify({ variant: 'error', text: createErrorText(error) }),
      });
      return;
    }
    // 'Updating ...' stays until the answer comes and goes when it does, also when the panel was closed
    // meanwhile (mutateAsync settles after the panel is gone; mutate's own callbacks would not run).
    const closeUpdating = notify({ variant: 'info', text: portalUserMessages.updating, untilClosed: true });
    updateUser.mutateAsync(updateBody(output, loaded)).then(
      () => {
        closeUpdating();
        notify({ variant: 'success', text: portalUserMessages.updated });
        onClose();
      },
      () => {
        closeUpdating();
        notify({ variant: 'error', text: portalUserMessages.updateFailed });
      },
    );
  });

  const nameField = (name: 'firstName' | 'lastName', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, onChange, ...field }, fieldState }) => (
        <CountedTextField
          {...field}
          inputRef={ref}
          onChange={(event) => onChange(stripLeadingSpace(event.target.value))}
          label={label}
          required
          max={NAME_MAX_LENGTH}
          message={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <Stack component="form" noValidate aria-labelledby={titleId} onSubmit={submit} spacing={2} sx={{ p: 3 }}>
      <Typography id={titleId} variant="h6" component="h2">
        {loaded ? t('form.updateTitle') : t('form.createTitle')}
      </Typography>
      {nameField('firstName', t('form.firstName'))}
      {nameField('lastName', t('form.lastName'))}
      <Controller
        name="email"
        control={control}
        render={({ field: { ref, ...field }, fieldState }) => (
          <CountedTextField
            {...field}
            inputRef={ref}
            label={t('form.email')}
            type="email"
            required={!loaded}
            max={EMAIL_MAX_LENGTH}
            message={fieldState.error?.message ?? duplicateMessage ?? undefined}
            slotProps={{ htmlInput: { readOnly: loaded !== null } }}
          />
        )}
      />
      <Controller
        name="phoneNumber"
        control={control}
        render={({ field, fieldState }) => (
          <PhoneNumberField
            label={t('form.mobileNumber')}
            value={field.value}
            countryShortCode={values.countryShortCode}
            onChange={(phoneNumber, countryShortCode) => {
              setValue('countryShortCode', countryShortCode, { shouldDirty: true });
              field.onChange(phoneNumber);
            }}
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            countryError={fieldState.error?.message === peopleMessages.countryRequired}
          />
        )}
      />
      <TextField
        select
        label={t('form.role')}
        value={values.role}
        onChange={(event) => {
          const role = ROLES.find((candidate) => candidate === event.target.value);
          if (role) showRoleAndPermissions(chooseRole(role, values.permissions, inAdminTenant, grantable));
        }}
        fullWidth
      >
        {roleOptions(target.mode, values.role).map((option) => (
          <MenuItem key={option.role} value={option.role} disabled={option.disabled}>
            {t(`roles.${option.role}`)}
          </MenuItem>
        ))}
      </TextField>
      <PermissionGrid
        groups={visiblePermissionGroups(showAdminTenantOnly)}
        permissions={values.permissions}
        grantable={grantable}
        onToggle={(code, checked) =>
          showRoleAndPermissions(togglePermission(values.permissions, code, checked))
        }
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={!submitEnabled} loading={pending}>
          {loaded ? t('form.update') : t('form.create')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * The create/update side panel (right), above the shell's top bar so its title shows at every width; it
 * starts afresh each time it opens.
 */
export function PortalUserPanel({ target, ...settings }: PanelSettings & { target: PanelTarget | null }) {
  const titleId = useId();
  return (
    <SidePanel open={target !== null} onClose={settings.onClose} titleId={titleId} width={520}>
      {target && (
        <PortalUserForm
          key={target.mode === 'update' ? target.user.id : 'create'}
          target={target}
          titleId={titleId}
          {...settings}
        />
      )}
    </SidePanel>
  );
}
