import { useSnackbar } from 'notistack';

/** A snackbar to show: its kind and its text. */
export interface Notice {
  variant: 'success' | 'error' | 'warning' | 'info';
  text: string;
}

/** Spec 000 and 002 section 9: snackbars last 2 to 3 s; failures and warnings get the longer time. */
const DURATION_MS: Record<Notice['variant'], number> = {
  success: 2000,
  info: 2000,
  warning: 3000,
  error: 3000,
};

export function useNotify(): (notice: Notice) => void {
  const { enqueueSnackbar } = useSnackbar();
  return (notice) =>
    enqueueSnackbar(notice.text, { variant: notice.variant, autoHideDuration: DURATION_MS[notice.variant] });
}
