import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { NAME_MAX_LENGTH, signUpMessages, stripLeadingSpace } from '@portal/contract';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { CountedTextField } from '../../../components/CountedTextField.tsx';
import { PhoneNumberField } from '../../../components/PhoneNumberField.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useSignUp } from '../api/sign-up.ts';
import {
  canSignUp,
  EMPTY_SIGN_UP_FORM,
  type SignUpFormOutput,
  type SignUpFormValues,
  signUpErrorText,
  signUpFormSchema,
} from '../sign-up-rules.ts';
import { useReloadToSignIn } from '../use-reload-to-sign-in.ts';
import { BackToSignInLink } from './BackToSignInLink.tsx';
import { EmailField } from './EmailField.tsx';
import { SocialSignInButton } from './SocialSignInButton.tsx';

/** Spec 000 section 9: the page reloads 4 s after a sign-up. */
const RELOAD_MS = 4000;

/** Sign-up mode (spec 000 sections 2, 4, 5): names, email and phone; a link to set the password follows by mail. */
export function SignUpForm() {
  const signUp = useSignUp();
  const t = useT('auth');
  const messageText = useMessageText();
  const created = signUp.isSuccess;
  useReloadToSignIn(created ? RELOAD_MS : null);
  const { control, handleSubmit, setValue } = useForm<SignUpFormValues, unknown, SignUpFormOutput>({
    resolver: zodResolver(signUpFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY_SIGN_UP_FORM,
  });
  const values = useWatch({ control });
  const countryShortCode = values.countryShortCode ?? '';

  const submit = handleSubmit((formValues) => signUp.mutate(formValues));

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
          autoComplete={name === 'firstName' ? 'given-name' : 'family-name'}
          required
          disabled={created}
          max={NAME_MAX_LENGTH}
          message={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <Stack component="form" aria-label={t('signUp.form')} spacing={2} noValidate onSubmit={submit}>
      <Typography variant="h5" component="h1">
        {t('signUp.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {nameField('firstName', t('signUp.firstName'))}
        {nameField('lastName', t('signUp.lastName'))}
      </Stack>
      <EmailField control={control} name="email" autoComplete="email" required disabled={created} counted />
      <Controller
        name="phoneNumber"
        control={control}
        render={({ field, fieldState }) => (
          <PhoneNumberField
            value={field.value ?? ''}
            countryShortCode={countryShortCode}
            onChange={(phoneNumber, shortCode) => {
              setValue('phoneNumber', phoneNumber, { shouldValidate: true, shouldTouch: true });
              setValue('countryShortCode', shortCode);
            }}
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            disabled={created}
          />
        )}
      />
      {created && <Alert severity="success">{messageText(signUpMessages.created)}</Alert>}
      {signUp.isError && <Alert severity="error">{messageText(signUpErrorText(signUp.error))}</Alert>}
      <Button
        type="submit"
        variant="contained"
        fullWidth
        disabled={created || !canSignUp({ ...EMPTY_SIGN_UP_FORM, ...values })}
        loading={signUp.isPending}
      >
        {t('signUp.submit')}
      </Button>
      <SocialSignInButton mode="signUp" />
      <BackToSignInLink />
    </Stack>
  );
}
