import { TableCell, TableRow } from '@mui/material';
import type { GatewaySummary } from '@portal/contract';
import { formatFirmware, formatLastUpdate, formatReading } from '../gateway-display.ts';
import { GatewayStatusChip } from './GatewayStatusChip.tsx';

/** One gateway; the row is named after the gateway so it can be found by name. */
export function GatewayRow({ gateway }: { gateway: GatewaySummary }) {
  const { latest } = gateway;
  return (
    <TableRow hover aria-label={gateway.name}>
      <TableCell component="th" scope="row">
        {gateway.name}
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace' }}>{gateway.macId}</TableCell>
      <TableCell>
        <GatewayStatusChip status={gateway.deviceStatus} />
      </TableCell>
      <TableCell>{formatFirmware(gateway.firmware)}</TableCell>
      <TableCell align="right">{formatReading(latest?.CO2)}</TableCell>
      <TableCell align="right">{formatReading(latest?.TEMP)}</TableCell>
      <TableCell align="right">{formatReading(latest?.CP)}</TableCell>
      <TableCell align="right">{formatReading(latest?.MM)}</TableCell>
      <TableCell>{formatLastUpdate(latest?.TI)}</TableCell>
    </TableRow>
  );
}
