import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Button, CircularProgress, Dialog, DialogContent, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import type { DownloadedFile } from '../lib/api.ts';
import { useT } from '../lib/i18n/index.ts';
import { saveDownload } from '../lib/save-file.ts';
import { useNotify } from '../lib/use-notify.ts';

/**
 * 'Download CSV' above a list: asks `download` and saves the file under its own name, else `fileName`. With
 * `preparing` (the Customers list's 'Preparing the CSV', spec 000 section 2) a small dialog says so while the
 * file is built; without it the button shows its own progress.
 */
export function DownloadCsvButton({
  download,
  fileName,
  preparing: preparingText,
}: {
  download: () => Promise<DownloadedFile>;
  fileName: string;
  preparing?: string;
}) {
  const t = useT('components');
  const titleId = useId();
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
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={onClick}
        loading={preparing && !preparingText}
        disabled={preparing}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {t('downloadCsv')}
      </Button>
      {preparingText && (
        <Dialog open={preparing} aria-labelledby={titleId}>
          <DialogContent>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <CircularProgress size={24} aria-hidden />
              <Typography id={titleId}>{preparingText}</Typography>
            </Stack>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
