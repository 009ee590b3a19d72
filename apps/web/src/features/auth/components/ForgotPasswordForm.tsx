import { Button, Stack, TextField, Typography } from '@mui/material';
import { BackToSignInLink } from './BackToSignInLink.tsx';
import { IdentityWorkNote } from './IdentityWorkNote.tsx';

/** Forgot-password mode: shown, not yet wired. */
export function ForgotPasswordForm() {
  return (
    <Stack
      component="form"
      aria-label="Forgot password"
      spacing={2}
      onSubmit={(event) => event.preventDefault()}
    >
      <Typography variant="h5" component="h1">
        Forgot password?
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Enter your email and we will send you a link to reset your password.
      </Typography>
      <TextField label="Email" type="email" disabled fullWidth />
      <Button type="submit" variant="contained" disabled fullWidth>
        Send reset link
      </Button>
      <IdentityWorkNote feature="Password reset" />
      <BackToSignInLink />
    </Stack>
  );
}
