import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';
import {
  DIAGNOSTICS_START_DELAY_MS,
  type GatewaySummary,
  INSTRUCTION_ERRORS,
  instructionDeadlineMs,
  instructionMessages,
} from '@portal/contract';
import { useEffect, useEffectEvent, useId } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { updateInstruction } from '../api/update-instruction.ts';
import { diagnosticsOutcome } from '../request-outcome.ts';
import { useDiagnosticViewed } from '../use-diagnostic-viewed.ts';
import { useInstructionRequest } from '../use-instruction-request.ts';
import { DiagnosticSectionList } from './DiagnosticSectionList.tsx';

interface DiagnosticsDialogProps {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
}

/** The browser gave up: the instruction is marked failed (Timed-out), as the server's own deadline also does. */
const markTimedOut = (uid: string) =>
  updateInstruction({ uid, status: 'FAILED', value: INSTRUCTION_ERRORS.timedOut }).catch(() => undefined);

/**
 * 'Diagnostic Info' (spec 001 section 4, Diagnostics): asks 0.5 s after opening, waits at most 15 s with a
 * spinner, then shows the answer's sections and 'Gateway responded', or the failure and 'Try again...'.
 * Closing before the answer deletes the pending instruction (the request hook does it).
 */
function DiagnosticsContent({ gateway, onClose }: Omit<DiagnosticsDialogProps, 'open'>) {
  const titleId = useId();
  const t = useT('instructions');
  const common = useT('common');
  const messageText = useMessageText();
  const request = useInstructionRequest({
    gateway,
    type: 'DIAGNOSTICS',
    timeoutMs: instructionDeadlineMs('DIAGNOSTICS'),
    startDelayMs: DIAGNOSTICS_START_DELAY_MS,
    onTimedOut: markTimedOut,
  });
  const startOnOpen = useEffectEvent(() => request.start());
  useEffect(() => startOnOpen(), []);

  const { state } = request;
  const outcome = diagnosticsOutcome(state);
  const answered = state.phase === 'ended' && outcome?.failed === false ? state.answer : null;
  useDiagnosticViewed(gateway.macId, answered?.uid ?? null);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('diagnostics.title')}</DialogTitle>
      <DialogContent dividers>
        {!outcome && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('diagnostics.waiting')} />
          </Box>
        )}
        {answered && <DiagnosticSectionList value={answered.value} />}
        {outcome && (
          <Alert severity={outcome.failed ? 'error' : 'success'} sx={{ mt: answered ? 2 : 0 }}>
            {messageText(outcome.text)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {outcome?.failed && (
          <Button onClick={request.start}>{messageText(instructionMessages.tryAgain)}</Button>
        )}
        <Button onClick={onClose}>{common('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function DiagnosticsDialog({ gateway, open, onClose }: DiagnosticsDialogProps) {
  return open ? <DiagnosticsContent gateway={gateway} onClose={onClose} /> : null;
}
