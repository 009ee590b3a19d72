import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { SelectGatewaysMenu } from './SelectGatewaysMenu.tsx';

interface DeleteModeBarProps {
  selected: number;
  /** Offline gateways listed (the only ones delete mode shows). */
  total: number;
  onSelectFirst: (count: number) => void;
  onDelete: () => void;
  onExit: () => void;
}

/** Delete mode's header: 'Selected Offline Gateways - n / total', the Select Gateways menu and the Delete icon. */
export function DeleteModeBar({ selected, total, onSelectFirst, onDelete, onExit }: DeleteModeBarProps) {
  return (
    <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h6" component="h2">
        {`Selected Offline Gateways - ${selected} / ${total}`}
      </Typography>
      <SelectGatewaysMenu listed={total} onApply={onSelectFirst} />
      <Tooltip title="Delete Gateways">
        <span>
          <IconButton aria-label="Delete Gateways" color="error" disabled={selected === 0} onClick={onDelete}>
            <DeleteOutlined />
          </IconButton>
        </span>
      </Tooltip>
      <Button size="small" onClick={onExit}>
        Exit delete mode
      </Button>
    </Stack>
  );
}
