import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import { type LockDevice, live, lockResultMessage } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { useLiveTopic } from '../../../lib/mqtt.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useCreateLockInstruction } from '../api/create-lock-instruction.ts';
import {
  createdNotices,
  createFailedNotice,
  lockToggleRequest,
  resultNotice,
  toggleLabel,
} from '../lock-toggle.ts';

/**
 * The lock/unlock toggle of a lock row (spec 001 section 4): LOCKED asks an unlock, anything else a lock. The
 * result channel of the lock (live.lockResults, subscribed while waiting) tells how it ended; the row itself
 * follows the locks channel's lockStatus.
 */
export function LockToggle({ lock }: { lock: LockDevice }) {
  const t = useT('locks');
  const notify = useNotify();
  const create = useCreateLockInstruction();
  /** Waiting for a result: the status asked and, once created, the instruction's uid. */
  const [waiting, setWaiting] = useState<{ target: 'LOCKED' | 'UNLOCKED'; uid: string | null } | null>(null);
  const ended = useRef(new Set<string>());

  useLiveTopic(waiting ? live.lockResults(lock.scopeId, lock.gatewayMacId, lock.macId, '+') : null, (raw) => {
    const message = lockResultMessage.safeParse(raw);
    if (!message.success || !waiting || ended.current.has(message.data.uid)) return;
    if (waiting.uid !== null && message.data.uid !== waiting.uid) return;
    ended.current.add(message.data.uid);
    const notice = resultNotice(lock, message.data, waiting.target === 'UNLOCKED');
    if (notice) notify(notice);
    setWaiting(null);
  });

  // The row reached the status asked before the result message came (it is not lost: the row says it).
  useEffect(() => {
    if (waiting?.uid && lock.status === waiting.target && !ended.current.has(waiting.uid)) {
      ended.current.add(waiting.uid);
      notify({
        variant: 'success',
        text: resultNotice(lock, {
          uid: waiting.uid,
          macId: lock.macId,
          gatewayMacId: lock.gatewayMacId,
          status: 'SUCCESS',
          lockStatus: waiting.target,
          reason: null,
        })!.text,
      });
      setWaiting(null);
    }
  }, [lock, waiting, notify]);

  const toggle = () => {
    const body = lockToggleRequest(lock);
    const target = body.locked ? 'LOCKED' : 'UNLOCKED';
    setWaiting({ target, uid: null });
    create.mutate(body, {
      onSuccess: (result) => {
        for (const notice of createdNotices(lock, body.locked === true)) notify(notice);
        setWaiting((current) => (current ? { ...current, uid: result.uid } : current));
      },
      onError: () => {
        notify(createFailedNotice);
        setWaiting(null);
      },
    });
  };

  const label = toggleLabel(lock);
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={toggle} disabled={waiting !== null}>
          {waiting ? (
            <CircularProgress size={18} aria-label={t('toggle.waiting', { label })} />
          ) : lock.status === 'LOCKED' ? (
            <LockOutlined fontSize="small" />
          ) : (
            <LockOpenOutlined fontSize="small" />
          )}
        </IconButton>
      </span>
    </Tooltip>
  );
}
