import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Alert } from '@mui/material';
import { useT } from '../lib/i18n/index.ts';

/**
 * Under a screen's title, for a user who may read what it shows but holds no permission to change it:
 * 'View only: you can look but not change {what}.' Each screen decides by its own permissions.
 */
export function ViewOnlyNotice({ what }: { what: string }) {
  const t = useT('components');
  return (
    <Alert severity="info" variant="outlined" icon={<VisibilityOutlined />} role="note" sx={{ mb: 2 }}>
      {t('viewOnly', { what })}
    </Alert>
  );
}
