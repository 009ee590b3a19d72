import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

export function BackToSignInLink({ onClick }: { onClick?: () => void }) {
  return (
    <Link component={RouterLink} to="/login" onClick={onClick} sx={{ alignSelf: 'center' }}>
      Back to sign in
    </Link>
  );
}
