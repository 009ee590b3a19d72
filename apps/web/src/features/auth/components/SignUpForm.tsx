import { Button, Stack, TextField, Typography } from '@mui/material';
import { BackToSignInLink } from './BackToSignInLink.tsx';
import { IdentityWorkNote } from './IdentityWorkNote.tsx';

/** Sign-up mode (spec 000 section 2): the fields are shown, not yet wired. */
export function SignUpForm() {
  return (
    <Stack component="form" aria-label="Sign up" spacing={2} onSubmit={(event) => event.preventDefault()}>
      <Typography variant="h5" component="h1">
        Create your account
      </Typography>
      <Stack direction="row" spacing={2}>
        <TextField label="First name" disabled fullWidth />
        <TextField label="Last name" disabled fullWidth />
      </Stack>
      <TextField label="Email" type="email" disabled fullWidth />
      <Stack direction="row" spacing={2}>
        <TextField label="Country" disabled sx={{ width: 140 }} />
        <TextField label="Phone number" type="tel" disabled fullWidth />
      </Stack>
      <Button type="submit" variant="contained" disabled fullWidth>
        Sign Up
      </Button>
      <Button variant="outlined" disabled fullWidth>
        Continue with single sign-on
      </Button>
      <IdentityWorkNote feature="Sign-up" />
      <BackToSignInLink />
    </Stack>
  );
}
