import { Card, CardContent, Checkbox, Stack, Typography } from '@mui/material';
import type { LockDevice } from '@portal/contract';
import type { TFunction } from 'i18next';
import { type Detail, DetailList } from '../../../components/DetailList.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import {
  batteryText,
  inUseText,
  lastAccessedText,
  lockModeText,
  lockName,
  NO_VALUE,
  reachText,
  rssiText,
} from '../lock-display.ts';
import type { LockSelection } from '../lock-selection.ts';
import { LockStatusChip } from './LockStatusChip.tsx';
import { LockUserCount } from './LockUserCount.tsx';
import type { LockRowSlots } from './lock-row-slots.ts';

const details = (t: TFunction<'locks'>): Detail<LockDevice>[] => [
  { label: t('columns.mac'), text: (lock) => lock.macId },
  { label: t('columns.type'), text: (lock) => lock.type ?? NO_VALUE },
  { label: t('columns.battery'), text: (lock) => batteryText(lock.batteryLevel) },
  { label: t('columns.mode'), text: (lock) => lockModeText(lock.mode, lock.requestedMode) },
  { label: t('columns.inUse'), text: (lock) => inUseText(lock.inUse) },
  { label: t('columns.rssi'), text: (lock) => rssiText(lock.rssi) },
  { label: t('columns.reach'), text: (lock) => reachText(lock) },
  { label: t('columns.lastAccessed'), text: (lock) => lastAccessedText(lock.lastAccessedTime) },
];

interface LockCardsProps extends LockRowSlots {
  locks: LockDevice[];
  gatewayMacId: string | undefined;
  selection: LockSelection;
  emptyText: string;
  /** Selecting locks (for Add User); absent: no select boxes. */
  onToggle?: (lock: LockDevice) => void;
  /** The users of a lock; absent: the count alone. */
  onShowUsers?: (lock: LockDevice) => void;
}

/** The locks as cards (phones, below 600 px): select box, name and status on top, the details below. */
export function LockCards({
  locks,
  gatewayMacId,
  selection,
  emptyText,
  onToggle,
  onShowUsers,
  renderLockAction,
}: LockCardsProps) {
  const t = useT('locks');
  if (locks.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  const shownDetails = gatewayMacId
    ? details(t)
    : [
        ...details(t),
        { label: t('columns.gateway'), text: (lock: LockDevice) => lock.gatewayName || lock.gatewayMacId },
      ];
  return (
    <Stack spacing={1.5} role="list" aria-label={t('table.label')}>
      {locks.map((lock) => {
        const name = lockName(lock);
        return (
          <Card key={lock.macId} variant="outlined" role="listitem" aria-label={name}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', pl: onToggle ? 0.5 : 2, pr: 2, pt: onToggle ? 0.5 : 1.5 }}
            >
              {onToggle && (
                <Checkbox
                  checked={selection.has(lock.macId)}
                  onChange={() => onToggle(lock)}
                  slotProps={{ input: { 'aria-label': t('table.select', { name }) } }}
                />
              )}
              <Typography
                component="h3"
                variant="subtitle1"
                sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {name}
              </Typography>
              <LockStatusChip status={lock.status} />
            </Stack>
            <CardContent sx={{ pt: 0.5 }}>
              <DetailList details={shownDetails} item={lock} />
              <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
                <LockUserCount lock={lock} name={name} onShowUsers={onShowUsers} spelledOut />
                {renderLockAction?.(lock)}
              </Stack>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
