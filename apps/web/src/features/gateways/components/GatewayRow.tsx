import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Box, Checkbox, TableCell, TableRow } from '@mui/material';
import type { GatewaySummary } from '@portal/contract';
import { Fragment, memo, type ReactNode } from 'react';
import {
  formatFirmware,
  formatLastUpdate,
  formatReading,
  NO_VALUE,
} from '../../../components/gateway-display.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { daysSince } from '../card-rules.ts';
import type { GatewayAction } from '../gateway-actions.ts';
import type { ColumnId } from '../gateway-columns.ts';
import { neverConnected } from '../gateway-customers.ts';
import { versionMismatches } from '../version-mismatch.ts';
import { CardIconButton } from './CardIconButton.tsx';
import { GatewayActionsMenu } from './GatewayActionsMenu.tsx';
import { GatewayStatusChip } from './GatewayStatusChip.tsx';
import { VersionMismatchChips } from './VersionMismatchChips.tsx';

interface GatewayRowProps {
  gateway: GatewaySummary;
  onOpen: (action: GatewayAction, macId: string) => void;
  /** In selection and delete modes: whether it is selected; undefined otherwise (no checkbox). */
  selected?: boolean;
  onToggleSelect: (macId: string) => void;
  /** In a view mixing customers: the gateway's customer (its Customer column). */
  customerName?: string;
  /** The table's columns, in order (`columnsFor`). */
  columns: readonly ColumnId[];
  /** Phones: the status under the name (their columns have no Status). */
  statusUnderName?: boolean;
}

/** One gateway of the list view; the row is named after the gateway so it can be found by name. */
export const GatewayRow = memo(function GatewayRow({
  gateway,
  onOpen,
  selected,
  onToggleSelect,
  customerName,
  columns,
  statusUnderName = false,
}: GatewayRowProps) {
  const t = useT('gateways');
  const { latest } = gateway;
  const online = gateway.deviceStatus === 'online';
  const never = neverConnected(gateway);
  const mismatches = versionMismatches(gateway);
  const cells: Record<ColumnId, ReactNode> = {
    name: (
      <TableCell component="th" scope="row">
        {gateway.name}
        {statusUnderName && (
          <Box sx={{ mt: 0.5 }}>
            <GatewayStatusChip status={gateway.deviceStatus} />
          </Box>
        )}
      </TableCell>
    ),
    customer: <TableCell>{customerName ?? '-'}</TableCell>,
    macId: <TableCell sx={{ fontFamily: 'monospace' }}>{gateway.macId}</TableCell>,
    status: (
      <TableCell>
        <GatewayStatusChip status={gateway.deviceStatus} />
      </TableCell>
    ),
    since: (
      <TableCell>
        {never ? t('card.neverConnected') : daysSince(online ? gateway.LONTI : gateway.LOFFTI)}
      </TableCell>
    ),
    firmware: (
      <TableCell>
        {formatFirmware(gateway.firmware)}{' '}
        {/* The customer app has no column: its marker goes with the firmware's. */}
        <VersionMismatchChips mismatches={mismatches.filter((m) => m.kind === 'firmware')} />{' '}
        <VersionMismatchChips mismatches={mismatches.filter((m) => m.kind === 'customerApp')} prefixed />
      </TableCell>
    ),
    os: (
      <TableCell>
        {gateway.OSversion?.trim() || NO_VALUE}{' '}
        <VersionMismatchChips mismatches={mismatches.filter((m) => m.kind === 'os')} />
      </TableCell>
    ),
    co2: <TableCell align="right">{formatReading(latest?.CO2)}</TableCell>,
    temperature: <TableCell align="right">{formatReading(latest?.TEMP)}</TableCell>,
    lastUpdate: <TableCell>{formatLastUpdate(latest?.TI)}</TableCell>,
    actions: (
      <TableCell padding="none" sx={{ whiteSpace: 'nowrap' }}>
        <CardIconButton label={t('icons.information')} onClick={() => onOpen('info', gateway.macId)}>
          <InfoOutlined fontSize="small" />
        </CardIconButton>
        <GatewayActionsMenu onChoose={(action) => onOpen(action, gateway.macId)} />
      </TableCell>
    ),
  };
  return (
    <TableRow hover aria-label={gateway.name} selected={selected === true}>
      {selected !== undefined && (
        <TableCell padding="checkbox">
          <Checkbox
            size="small"
            checked={selected}
            onChange={() => onToggleSelect(gateway.macId)}
            slotProps={{ input: { 'aria-label': t('card.select', { name: gateway.name }) } }}
          />
        </TableCell>
      )}
      {columns.map((column) => (
        <Fragment key={column}>{cells[column]}</Fragment>
      ))}
    </TableRow>
  );
});
