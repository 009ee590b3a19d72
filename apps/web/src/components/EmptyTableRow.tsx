import { TableCell, TableRow, Typography } from '@mui/material';

/** The one row of a table without rows: 'No … found.' across all `colSpan` columns. */
export function EmptyTableRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan}>
        <Typography color="text.secondary">{text}</Typography>
      </TableCell>
    </TableRow>
  );
}
