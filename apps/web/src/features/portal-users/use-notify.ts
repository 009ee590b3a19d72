import { useSnackbar } from 'notistack';

/** Spec 002 section 9: success messages stay about 2 s, failures 3 s. */
const SUCCESS_MS = 2000;
const FAILURE_MS = 3000;

export function useNotify() {
  const { enqueueSnackbar } = useSnackbar();
  return {
    success: (text: string) => enqueueSnackbar(text, { variant: 'success', autoHideDuration: SUCCESS_MS }),
    info: (text: string) => enqueueSnackbar(text, { variant: 'info', autoHideDuration: SUCCESS_MS }),
    failure: (text: string) => enqueueSnackbar(text, { variant: 'error', autoHideDuration: FAILURE_MS }),
  };
}
