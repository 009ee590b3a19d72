import { styled } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
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

/**
 * Each variant's surface and text, at 4.5:1 or more (WCAG AA): notistack's own success, info and warning
 * colours carry white text at 2.2 to 3.3:1 (axe found the success one once snackbars stopped fading in).
 */
export const SNACKBAR_COLORS: Record<Notice['variant'], { background: string; text: string }> = {
  success: { background: '#2e7d32', text: '#fff' },
  info: { background: '#0277bd', text: '#fff' },
  warning: { background: '#ffa726', text: 'rgba(0, 0, 0, 0.87)' },
  error: { background: '#d32f2f', text: '#fff' },
};

const ReadableContent = styled(MaterialDesignContent)(
  Object.fromEntries(
    Object.entries(SNACKBAR_COLORS).map(([variant, { background, text }]) => [
      `&.notistack-MuiContent-${variant}`,
      { backgroundColor: background, color: text },
    ]),
  ),
);
const COMPONENTS = {
  success: ReadableContent,
  info: ReadableContent,
  warning: ReadableContent,
  error: ReadableContent,
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
  return <SnackbarProvider maxSnack={MAX_SNACKBARS} Components={COMPONENTS} />;
}
