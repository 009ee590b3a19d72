import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { effectivePermissions, type LockDevice } from '@portal/contract';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { lockName } from '../lock-display.ts';
import { LockHistoryDialog } from './LockHistoryDialog.tsx';
import { LockToggle } from './LockToggle.tsx';

/**
 * A lock row's own actions: the lock/unlock toggle (GATEWAY_INSTRUCTIONS_WRITE, the instructions' rule) and
 * the lock's history.
 */
export function LockRowActions({ lock }: { lock: LockDevice }) {
  const session = useSession();
  const [showHistory, setShowHistory] = useState(false);
  const mayToggle = effectivePermissions(session.permissions).has('GATEWAY_INSTRUCTIONS_WRITE');
  const t = useT('locks');
  const historyLabel = t('history.open', { name: lockName(lock) });
  return (
    <>
      {mayToggle && <LockToggle lock={lock} />}
      <Tooltip title={historyLabel}>
        <IconButton size="small" aria-label={historyLabel} onClick={() => setShowHistory(true)}>
          <HistoryOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {showHistory && <LockHistoryDialog lock={lock} onClose={() => setShowHistory(false)} />}
    </>
  );
}
