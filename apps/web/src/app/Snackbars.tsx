import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { messageText } from '../lib/i18n/index.ts';
import { attachNoticeHost, type Notice } from '../lib/notices.ts';

/** Spec 000 section 9: snackbars last 2 to 3 s, at most 3 at once. */
const MAX_SNACKBARS = 3;

/** Spec 000 and 002 section 9: snackbars last 2 to 3 s; failures and warnings get the longer time. */
const DURATION_MS: Record<Notice['variant'], number> = {
  success: 2000,
  info: 2000,
  warning: 3000,
  error: 3000,
};

/** notistack's snackbars, drawing the notices of lib/notices.ts (loaded at the first one, by SnackbarHost). */
export default function Snackbars() {
  useEffect(
    () =>
      attachNoticeHost((command) => {
        if (command.kind === 'close') {
          closeSnackbar(command.key);
          return;
        }
        const { notice } = command;
        // A text the contract gives (most notices, and the server's answers) in the language shown.
        enqueueSnackbar(messageText(notice.text), {
          key: command.key,
          variant: notice.variant,
          ...(notice.untilClosed ? { persist: true } : { autoHideDuration: DURATION_MS[notice.variant] }),
        });
      }),
    [],
  );
  return <SnackbarProvider maxSnack={MAX_SNACKBARS} />;
}
