import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { effectivePermissions, type LockDevice } from '@portal/contract';
import { useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { lockName } from '../lock-display.ts';
import { LockToggle } from './LockToggle.tsx';

/**
 * A lock row's own actions: the lock/unlock toggle (GATEWAY_INSTRUCTIONS_WRITE, the instructions' rule) and
 * the button of the lock's history (its dialog belongs to the list, so a row drawn again does not close it).
 */
export function LockRowActions({ lock, onShowHistory }: { lock: LockDevice; onShowHistory: () => void }) {
  const session = useSession();
  const mayToggle = effectivePermissions(session.permissions).has('GATEWAY_INSTRUCTIONS_WRITE');
  const t = useT('locks');
  const historyLabel = t('history.open', { name: lockName(lock) });
  return (
    <>
      {mayToggle && <LockToggle lock={lock} />}
      <Tooltip title={historyLabel}>
        <IconButton size="small" aria-label={historyLabel} onClick={onShowHistory}>
          <HistoryOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}
