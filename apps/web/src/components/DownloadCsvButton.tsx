import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import type { DownloadedFile } from '../lib/api.ts';
import { useT } from '../lib/i18n/index.ts';
import { saveDownload } from '../lib/save-file.ts';
import { useNotify } from '../lib/use-notify.ts';

/** 'Download CSV' above a list: asks `download` and saves the file under its own name, else `fileName`. */
export function DownloadCsvButton({
  download,
  fileName,
}: {
  download: () => Promise<DownloadedFile>;
  fileName: string;
}) {
  const t = useT('components');
  const notify = useNotify();
  const [preparing, setPreparing] = useState(false);
  const onClick = async () => {
    setPreparing(true);
    try {
      saveDownload(await download(), fileName);
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
      onClick={onClick}
      loading={preparing}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {t('downloadCsv')}
    </Button>
  );
}
