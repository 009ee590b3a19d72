import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { formatNumber, useT } from '../../../lib/i18n/index.ts';
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
  const t = useT('gateways');
  return (
    <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h6" component="h2">
        {t('deleteMode.heading', { selected: formatNumber(selected), total: formatNumber(total) })}
      </Typography>
      <SelectGatewaysMenu listed={total} onApply={onSelectFirst} />
      <Tooltip title={t('deleteMode.delete')}>
        <span>
          <IconButton
            aria-label={t('deleteMode.delete')}
            color="error"
            disabled={selected === 0}
            onClick={onDelete}
          >
            <DeleteOutlined />
          </IconButton>
        </span>
      </Tooltip>
      <Button size="small" onClick={onExit}>
        {t('deleteMode.exit')}
      </Button>
    </Stack>
  );
}
