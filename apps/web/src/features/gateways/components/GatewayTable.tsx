import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { GatewaySummary } from '@portal/contract';
import { GatewayRow } from './GatewayRow.tsx';

interface Column {
  label: string;
  numeric?: boolean;
}

const COLUMNS: Column[] = [
  { label: 'Name' },
  { label: 'MAC' },
  { label: 'Status' },
  { label: 'Firmware' },
  { label: 'CO2 (ppm)', numeric: true },
  { label: 'Temperature (°C)', numeric: true },
  { label: 'CPU (%)', numeric: true },
  { label: 'Memory (MB)', numeric: true },
  { label: 'Last update' },
];

export function GatewayTable({ gateways }: { gateways: GatewaySummary[] }) {
  if (gateways.length === 0) {
    return <Typography sx={{ py: 2 }}>No gateways in this customer yet.</Typography>;
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Gateways" sx={{ '& tbody th, & td': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column.label} align={column.numeric ? 'right' : 'left'}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {gateways.map((gateway) => (
            <GatewayRow key={gateway.id} gateway={gateway} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
