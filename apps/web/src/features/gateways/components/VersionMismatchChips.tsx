import WarningAmber from '@mui/icons-material/WarningAmber';
import { Box, Chip, Tooltip } from '@mui/material';
import { mismatchLabel, mismatchText, mismatchTitle, type VersionMismatch } from '../version-mismatch.ts';

/**
 * Warning chips for versions a gateway reports that differ from the assigned ones ('Assigned FW 2025-03-04',
 * read as 'Firmware differs from assigned FW 2025-03-04'). `prefixed`: the chip names the kind ('OS assigned
 * ...'), for a card, where no column says it.
 */
export function VersionMismatchChips({
  mismatches,
  prefixed = false,
}: {
  mismatches: readonly VersionMismatch[];
  prefixed?: boolean;
}) {
  if (mismatches.length === 0) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
      {mismatches.map((m) => (
        <Tooltip key={m.kind} title={mismatchTitle(m)}>
          <Chip
            role="note"
            aria-label={mismatchLabel(m)}
            size="small"
            color="warning"
            variant="outlined"
            icon={<WarningAmber />}
            label={mismatchText(m, prefixed)}
            sx={{ height: 20, '& .MuiChip-label': { px: 0.75, fontSize: 11 } }}
          />
        </Tooltip>
      ))}
    </Box>
  );
}
