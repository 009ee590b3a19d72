import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Button, CircularProgress, Dialog, DialogContent, Stack, Typography } from '@mui/material';
import { type CustomersQuery, customerMessages } from '@portal/contract';
import { useId, useState } from 'react';
import { saveDownload } from '../../../lib/save-file.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { CUSTOMERS_CSV_FILE_NAME, downloadCustomersCsv } from '../api/download-customers-csv.ts';
import { failureText } from '../create-customer.ts';

/** Downloads Customers.csv for the list's filter and order; 'Preparing the CSV' shows while it is built. */
export function CsvDownloadButton({ filter }: { filter: CustomersQuery }) {
  const titleId = useId();
  const notify = useNotify();
  const [preparing, setPreparing] = useState(false);

  const download = async () => {
    setPreparing(true);
    try {
      saveDownload(await downloadCustomersCsv(filter), CUSTOMERS_CSV_FILE_NAME);
    } catch (error) {
      notify({ variant: 'error', text: failureText(error) });
    } finally {
      setPreparing(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={download}
        disabled={preparing}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        Download CSV
      </Button>
      <Dialog open={preparing} aria-labelledby={titleId}>
        <DialogContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography id={titleId}>{customerMessages.preparingCsv}</Typography>
          </Stack>
        </DialogContent>
      </Dialog>
    </>
  );
}
