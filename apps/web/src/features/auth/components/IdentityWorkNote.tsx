import { Alert } from '@mui/material';
import { IDENTITY_WORK_NOTE } from '../messages.ts';

/** Says which part of the login screen is not wired yet, e.g. "Password reset arrives with the identity work." */
export function IdentityWorkNote({ feature }: { feature: string }) {
  return (
    <Alert severity="info" variant="outlined">
      {feature} {IDENTITY_WORK_NOTE}
    </Alert>
  );
}
