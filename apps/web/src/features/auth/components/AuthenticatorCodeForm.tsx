import { Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { AUTHENTICATOR_CODE_LENGTH } from '../sign-in-rules.ts';
import { BackToSignInLink } from './BackToSignInLink.tsx';
import { IdentityWorkNote } from './IdentityWorkNote.tsx';

interface AuthenticatorCodeFormProps {
  email: string;
  onBack: () => void;
}

/** Authenticator-code mode after a 'secureAuthentication' answer; verification arrives with the identity work. */
export function AuthenticatorCodeForm({ email, onBack }: AuthenticatorCodeFormProps) {
  const [code, setCode] = useState('');
  return (
    <Stack
      component="form"
      aria-label="Authenticator code"
      spacing={2}
      onSubmit={(event) => event.preventDefault()}
    >
      <Typography variant="h5" component="h1">
        Two-factor authentication
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Enter the {AUTHENTICATOR_CODE_LENGTH}-digit code from your authenticator app for {email}.
      </Typography>
      <TextField
        label="Authenticator code"
        value={code}
        onChange={(event) =>
          setCode(event.target.value.replace(/\D/g, '').slice(0, AUTHENTICATOR_CODE_LENGTH))
        }
        autoFocus
        fullWidth
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            maxLength: AUTHENTICATOR_CODE_LENGTH,
          },
        }}
      />
      {/* The identity work wires verification and enables Verify once the code has 6 digits. */}
      <Button type="submit" variant="contained" disabled fullWidth>
        Verify
      </Button>
      <IdentityWorkNote feature="Authenticator code verification" />
      <BackToSignInLink onClick={onBack} />
    </Stack>
  );
}
