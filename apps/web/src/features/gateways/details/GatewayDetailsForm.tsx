import { zodResolver } from '@hookform/resolvers/zod';
import { Button, DialogActions, DialogContent, Stack, TextField } from '@mui/material';
import {
  ADDRESS_FIELD_MAX_LENGTH,
  GATEWAY_NAME_MAX_LENGTH,
  MANUFACTURED_MIN_DAY,
  ZIP_MAX_LENGTH,
} from '@portal/contract';
import { type ReactNode, useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CountedTextField } from '../../../components/CountedTextField.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import {
  type AddressField,
  hasChanges,
  localToday,
  type RegisterFormOutput,
  type RegisterFormValues,
  registerFormSchema,
} from './gateway-form.ts';
import { serverFieldErrors } from './server-field-errors.ts';
import { TagsField } from './TagsField.tsx';

/** Each address field's label (`form.{label}` of the catalogue) and length. */
const ADDRESS_LABELS: Record<
  AddressField,
  { label: 'street' | 'city' | 'state' | 'country' | 'zip'; max: number }
> = {
  SRT: { label: 'street', max: ADDRESS_FIELD_MAX_LENGTH },
  CTY: { label: 'city', max: ADDRESS_FIELD_MAX_LENGTH },
  STATE: { label: 'state', max: ADDRESS_FIELD_MAX_LENGTH },
  CNTRY: { label: 'country', max: ADDRESS_FIELD_MAX_LENGTH },
  ZCODE: { label: 'zip', max: ZIP_MAX_LENGTH },
};

/** City and state, country and zip share a line. */
const ADDRESS_PAIRS: readonly [AddressField, AddressField][] = [
  ['CTY', 'STATE'],
  ['CNTRY', 'ZCODE'],
];

interface GatewayDetailsFormProps {
  /** What the form starts from (the gateway's details, or an empty registration). */
  loaded: RegisterFormValues;
  /** Registration of a gateway not listed yet asks for its MAC; otherwise the MAC is shown read-only. */
  macEditable: boolean;
  /** Save of a registered gateway needs a change (spec 001 section 5). */
  requireChange: boolean;
  submitLabel: string;
  pending: boolean;
  /** The last failed save: a 400's details are shown on the fields. */
  serverError: unknown;
  onSubmit: (values: RegisterFormOutput) => void;
  onCancel: () => void;
  /** Shown above the fields (e.g. a MAC picker). */
  children?: ReactNode;
}

/** The register / edit fields of spec 001 section 5 with their rules, inside a dialog. */
export function GatewayDetailsForm(props: GatewayDetailsFormProps) {
  const { loaded, macEditable, requireChange, submitLabel, pending, serverError, onSubmit, onCancel } = props;
  const t = useT('gateways');
  const messageText = useMessageText();
  const { control, handleSubmit, watch, setError } = useForm<RegisterFormValues, unknown, RegisterFormOutput>(
    { resolver: zodResolver(registerFormSchema), defaultValues: loaded, mode: 'onChange' },
  );
  const values = watch();

  useEffect(() => {
    for (const [field, message] of Object.entries(serverFieldErrors(serverError))) {
      setError(field as keyof RegisterFormValues, { type: 'server', message });
    }
  }, [serverError, setError]);

  const valid = registerFormSchema.safeParse(values).success;
  const canSave = valid && (!requireChange || hasChanges(values, loaded));

  const textField = (name: 'NAME' | AddressField, label: string, max: number, required = false) => (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field }, fieldState }) => (
        <CountedTextField
          allowOverflow
          {...field}
          inputRef={ref}
          label={label}
          required={required}
          max={max}
          message={fieldState.error?.message}
        />
      )}
    />
  );

  const addressField = (name: AddressField) =>
    textField(name, t(`form.${ADDRESS_LABELS[name].label}`), ADDRESS_LABELS[name].max);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {props.children}
          {textField('NAME', t('form.gatewayName'), GATEWAY_NAME_MAX_LENGTH, true)}
          <Controller
            name="MAC"
            control={control}
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                label={t('form.macAddress')}
                required={macEditable}
                error={fieldState.error !== undefined}
                helperText={fieldState.error && messageText(fieldState.error.message ?? '')}
                slotProps={{ htmlInput: { readOnly: !macEditable } }}
                fullWidth
              />
            )}
          />
          {addressField('SRT')}
          {ADDRESS_PAIRS.map(([left, right]) => (
            <Stack key={left} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {addressField(left)}
              {addressField(right)}
            </Stack>
          ))}
          <Controller
            name="manufactured"
            control={control}
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                type="date"
                label={t('form.manufactured')}
                required
                error={fieldState.error !== undefined}
                helperText={fieldState.error && messageText(fieldState.error.message ?? '')}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { min: MANUFACTURED_MIN_DAY, max: localToday() },
                }}
                fullWidth
              />
            )}
          />
          <Controller
            name="tags"
            control={control}
            render={({ field, fieldState }) => (
              <TagsField tags={field.value} onChange={field.onChange} message={fieldState.error?.message} />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!canSave} loading={pending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
