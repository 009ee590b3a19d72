import { useSnackbar } from 'notistack';

/** A snackbar to show: its kind and its text. */
export interface Notice {
  variant: 'success' | 'error' | 'warning' | 'info';
  text: string;
  /** A progress notice ('Updating ...'): it stays until the returned function closes it, when the result comes. */
  untilClosed?: boolean;
}

/** Spec 000 and 002 section 9: snackbars last 2 to 3 s; failures and warnings get the longer time. */
const DURATION_MS: Record<Notice['variant'], number> = {
  success: 2000,
  info: 2000,
  warning: 3000,
  error: 3000,
};

/** Shows a snackbar; the returned function closes it (for a progress notice, once the result is known). */
export function useNotify(): (notice: Notice) => () => void {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return (notice) => {
    const key = enqueueSnackbar(notice.text, {
      variant: notice.variant,
      ...(notice.untilClosed ? { persist: true } : { autoHideDuration: DURATION_MS[notice.variant] }),
    });
    return () => closeSnackbar(key);
  };
}
