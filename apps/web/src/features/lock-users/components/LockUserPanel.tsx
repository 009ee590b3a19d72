import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  EMAIL_MAX_LENGTH,
  LOCK_USER_DIVISION_MAX_LENGTH,
  LOCK_USER_EMPLOYEE_ID_MAX_LENGTH,
  LOCK_USER_NAME_MAX_LENGTH,
  type LockUser,
  type LockUserSaved,
  portalUserMessages,
  stripLeadingSpace,
} from '@portal/contract';
import { type ChangeEvent, useId, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { CountedTextField } from '../../../components/CountedTextField.tsx';
import { SidePanel } from '../../../components/SidePanel.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useCreateLockUser } from '../api/create-lock-user.ts';
import { useUpdateLockUser } from '../api/update-lock-user.ts';
import {
  canCreate,
  canUpdate,
  cardReplacementText,
  createBody,
  createFormValues,
  formSchemaFor,
  LOCK_ROLE_OPTIONS,
  type LockUserFormOutput,
  type LockUserFormValues,
  replacesCard,
  saveFailure,
  updateBody,
  updateFormValues,
} from '../lock-user-form.ts';
import { AccessLedger } from './AccessLedger.tsx';
import { AssignedLocks } from './AssignedLocks.tsx';
import { MessageDialog } from './MessageDialog.tsx';
import { PasscodeHistory } from './PasscodeHistory.tsx';
import { ResendLinkButton } from './ResendLinkButton.tsx';

export type LockUserPanelTarget = { mode: 'create' } | { mode: 'update'; user: LockUser };

interface PanelSettings {
  scopeId: string;
  /** IOT_USER_WRITE: without it the panel shows the user read-only. */
  canWrite: boolean;
  onClose: () => void;
  /** A save went through; its answer may carry the card warning (the page shows it after the panel closes). */
  onSaved: (saved: LockUserSaved) => void;
}

type TextFieldName = Exclude<keyof LockUserFormValues, 'role'>;

function LockUserForm({
  target,
  titleId,
  scopeId,
  canWrite,
  onClose,
  onSaved,
}: PanelSettings & { target: LockUserPanelTarget; titleId: string }) {
  const t = useT('lock-users');
  const messageText = useMessageText();
  const loaded = target.mode === 'update' ? target.user : null;
  const readOnly = !canWrite;
  const notify = useNotify();
  const createUser = useCreateLockUser(scopeId);
  const updateUser = useUpdateLockUser(scopeId);
  const { control, handleSubmit, watch } = useForm<LockUserFormValues, unknown, LockUserFormOutput>({
    resolver: zodResolver(formSchemaFor(target.mode)) as unknown as Resolver<
      LockUserFormValues,
      unknown,
      LockUserFormOutput
    >,
    defaultValues: loaded ? updateFormValues(loaded) : createFormValues(),
    mode: 'onChange',
  });
  const values = watch();
  const [replacing, setReplacing] = useState<LockUserFormOutput | null>(null);
  const [cardConflict, setCardConflict] = useState<string | null>(null);
  const pending = createUser.isPending || updateUser.isPending;
  const submitEnabled = !readOnly && (loaded ? canUpdate(values, loaded) : canCreate(values));

  const failed = (error: unknown) => {
    const failure = saveFailure(error, target.mode);
    if (failure.kind === 'cardConflict') setCardConflict(failure.text);
    else notify({ variant: 'error', text: failure.text });
  };

  const save = (output: LockUserFormOutput) => {
    if (!loaded) {
      createUser.mutate(createBody(output, scopeId), {
        onSuccess: (saved) => {
          notify({ variant: 'success', text: portalUserMessages.created });
          onSaved(saved);
          onClose();
        },
        onError: failed,
      });
      return;
    }
    const closeUpdating = notify({ variant: 'info', text: portalUserMessages.updating, untilClosed: true });
    updateUser.mutateAsync({ id: loaded.id, body: updateBody(output) }).then(
      (saved) => {
        closeUpdating();
        notify({ variant: 'success', text: portalUserMessages.updated });
        onSaved(saved);
        onClose();
      },
      (error) => {
        closeUpdating();
        failed(error);
      },
    );
  };

  const submit = handleSubmit((output) => {
    if (loaded && replacesCard(loaded, output.cardCSN)) setReplacing(output);
    else save(output);
  });

  const textField = (
    name: TextFieldName,
    label: string,
    options: {
      max?: number;
      required?: boolean;
      hint?: string;
      fixed?: boolean;
      transform?: (value: string) => string;
    } = {},
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, onChange, ...field }, fieldState }) => {
        const message = fieldState.error?.message;
        const inputProps = { readOnly: readOnly || options.fixed };
        const change = (event: ChangeEvent<HTMLInputElement>) =>
          onChange(options.transform ? options.transform(event.target.value) : event.target.value);
        return options.max ? (
          <CountedTextField
            {...field}
            inputRef={ref}
            onChange={change}
            label={label}
            required={options.required}
            max={options.max}
            message={message}
            slotProps={{ htmlInput: inputProps }}
          />
        ) : (
          <TextField
            {...field}
            inputRef={ref}
            onChange={change}
            label={label}
            fullWidth
            error={message !== undefined}
            helperText={message !== undefined ? messageText(message) : options.hint}
            slotProps={{ htmlInput: inputProps }}
          />
        );
      }}
    />
  );

  const title = loaded ? t(readOnly ? 'form.viewTitle' : 'form.updateTitle') : t('form.createTitle');
  return (
    <Stack sx={{ p: { xs: 2, sm: 3 } }} spacing={3}>
      <Stack component="form" noValidate aria-labelledby={titleId} onSubmit={submit} spacing={2}>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {textField('firstName', t('form.firstName'), {
          max: LOCK_USER_NAME_MAX_LENGTH,
          required: true,
          transform: stripLeadingSpace,
        })}
        {textField('lastName', t('form.lastName'), {
          max: LOCK_USER_NAME_MAX_LENGTH,
          required: true,
          transform: stripLeadingSpace,
        })}
        {textField('email', t('form.email'), {
          max: EMAIL_MAX_LENGTH,
          required: !loaded,
          fixed: loaded !== null,
        })}
        {textField('employeeId', t('form.employeeId'), { max: LOCK_USER_EMPLOYEE_ID_MAX_LENGTH })}
        {textField('division', t('form.division'), { max: LOCK_USER_DIVISION_MAX_LENGTH })}
        {textField('mobileNo', t('form.mobileNo'), { hint: t('form.mobileHint') })}
        {textField('cardCSN', t('form.cardId'), { hint: t('form.cardHint') })}
        {textField('passcode', t('form.passcode'), { hint: t('form.passcodeHint') })}
        <Controller
          name="role"
          control={control}
          render={({ field: { ref, ...field } }) => (
            <TextField {...field} inputRef={ref} select label={t('form.role')} fullWidth disabled={readOnly}>
              {LOCK_ROLE_OPTIONS.map((role) => (
                <MenuItem key={role} value={role}>
                  {t(`form.roles.${role}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{readOnly ? t('form.close') : t('form.cancel')}</Button>
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={!submitEnabled} loading={pending}>
              {loaded ? t('form.update') : t('form.create')}
            </Button>
          )}
        </Stack>
      </Stack>
      {loaded && (
        <>
          {canWrite && (
            <Stack direction="row" sx={{ justifyContent: 'flex-start' }}>
              <ResendLinkButton user={loaded} />
            </Stack>
          )}
          <Divider />
          <AssignedLocks scopeId={scopeId} userId={loaded.id} />
          <Divider />
          <AccessLedger user={loaded} canWrite={canWrite} />
          <Divider />
          <PasscodeHistory userId={loaded.id} />
        </>
      )}
      {replacing && loaded && (
        <ConfirmDialog
          title={t('form.replaceTitle')}
          text={cardReplacementText(loaded.cardCSN ?? '', replacing.cardCSN ?? '')}
          confirmLabel={t('form.replace')}
          onConfirm={() => {
            const output = replacing;
            setReplacing(null);
            save(output);
          }}
          onCancel={() => setReplacing(null)}
        />
      )}
      {cardConflict && (
        <MessageDialog
          title={t('form.cardConflict')}
          text={messageText(cardConflict)}
          onClose={() => setCardConflict(null)}
        />
      )}
    </Stack>
  );
}

/** The create/update side panel (right, full width on phones); it starts afresh each time it opens. */
export function LockUserPanel({
  target,
  ...settings
}: PanelSettings & { target: LockUserPanelTarget | null }) {
  const titleId = useId();
  return (
    <SidePanel open={target !== null} onClose={settings.onClose} titleId={titleId} width={640}>
      {target && (
        <LockUserForm
          key={target.mode === 'update' ? target.user.id : 'create'}
          target={target}
          titleId={titleId}
          {...settings}
        />
      )}
    </SidePanel>
  );
}
