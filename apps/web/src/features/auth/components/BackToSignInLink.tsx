import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../lib/i18n/index.ts';

export function BackToSignInLink({ onClick }: { onClick?: () => void }) {
  const t = useT('auth');
  return (
    <Link component={RouterLink} to="/login" onClick={onClick} sx={{ alignSelf: 'center' }}>
      {t('backToSignIn')}
    </Link>
  );
}
