import AddOutlined from '@mui/icons-material/AddOutlined';
import { Fab } from '@mui/material';

/** The round add button fixed at the bottom right of a list page; `label` is its accessible name. */
export function AddFab({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Fab
      color="primary"
      aria-label={label}
      onClick={onClick}
      sx={{ position: 'fixed', right: 32, bottom: 32 }}
    >
      <AddOutlined />
    </Fab>
  );
}
