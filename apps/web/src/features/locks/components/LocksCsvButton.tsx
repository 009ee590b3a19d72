import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { saveDownload } from '../../../lib/save-file.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { downloadLocksCsv, LOCKS_CSV_FILE_NAME } from '../api/download-locks-csv.ts';
import type { LockListParams } from '../locks-cache.ts';

/** Downloads Locks.csv for the list's filters (spec 002 section 2 'lock ... CSV downloads'). */
export function LocksCsvButton({
  scopeId,
  filter,
}: {
  scopeId: string;
  filter: Pick<LockListParams, 'macId' | 'type' | 'search' | 'battery' | 'access'>;
}) {
  const notify = useNotify();
  const [preparing, setPreparing] = useState(false);
  const download = async () => {
    setPreparing(true);
    try {
      saveDownload(await downloadLocksCsv(scopeId, filter), LOCKS_CSV_FILE_NAME);
    } catch (error) {
      notify({ variant: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setPreparing(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      onClick={download}
      loading={preparing}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      Download CSV
    </Button>
  );
}
