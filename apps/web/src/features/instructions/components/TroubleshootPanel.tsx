import CloseIcon from '@mui/icons-material/Close';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Alert, Box, Button, CircularProgress, IconButton, Stack, Typography } from '@mui/material';
import { type GatewaySummary, instructionDeadlineMs, instructionMessages } from '@portal/contract';
import { useId } from 'react';
import { SidePanel } from '../../../components/SidePanel.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { updateInstruction } from '../api/update-instruction.ts';
import { capturedImageUrl, captureOutcome } from '../request-outcome.ts';
import { useInstructionRequest } from '../use-instruction-request.ts';

interface TroubleshootPanelProps {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
}

const PANEL_WIDTH = 420;

/** A capture the browser gave up on is marked failed ('Camera Capture failed'). */
const markCaptureFailed = (uid: string) =>
  updateInstruction({ uid, status: 'FAILED', value: instructionMessages.cameraCaptureFailed }).catch(
    () => undefined,
  );

function TroubleshootContent({
  gateway,
  onClose,
  titleId,
}: Omit<TroubleshootPanelProps, 'open'> & { titleId: string }) {
  const t = useT('instructions');
  const common = useT('common');
  const messageText = useMessageText();
  const request = useInstructionRequest({
    gateway,
    type: 'CAMERA_CAPTURE',
    timeoutMs: instructionDeadlineMs('CAMERA_CAPTURE'),
    onTimedOut: markCaptureFailed,
  });
  const { state } = request;
  const outcome = captureOutcome(state);
  const busy = state.phase === 'sending' || state.phase === 'waiting';
  const imageUrl = capturedImageUrl(state);

  return (
    <Stack sx={{ width: { xs: '100vw', sm: PANEL_WIDTH }, height: '100%' }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('troubleshoot.title')}
        </Typography>
        <IconButton aria-label={common('close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack spacing={2} sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {gateway.name} ({gateway.macId})
        </Typography>
        <Button
          variant="contained"
          startIcon={<PhotoCameraIcon />}
          onClick={request.start}
          disabled={busy}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('troubleshoot.capture')}
        </Button>
        {busy && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={20} aria-hidden />
            <Typography>{messageText(instructionMessages.sendingCapture)}</Typography>
          </Stack>
        )}
        {outcome && (
          <Alert severity={outcome.failed ? 'error' : 'success'}>{messageText(outcome.text)}</Alert>
        )}
        {outcome?.failed && (
          <Button onClick={request.start} sx={{ alignSelf: 'flex-start' }}>
            {messageText(instructionMessages.tryAgain)}
          </Button>
        )}
        {imageUrl && (
          <Box
            component="img"
            src={imageUrl}
            alt={t('troubleshoot.image', { name: gateway.name })}
            sx={{ width: '100%', border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The troubleshoot panel (spec 001 section 4, Camera capture): captures an image with the gateway's camera
 * and shows it. A capture waits at most 30 s; closing the panel before the answer deletes the pending
 * instruction (the request hook does it when the content unmounts).
 */
export function TroubleshootPanel({ gateway, open, onClose }: TroubleshootPanelProps) {
  const titleId = useId();
  return (
    <SidePanel open={open} onClose={onClose} titleId={titleId}>
      {open && <TroubleshootContent gateway={gateway} onClose={onClose} titleId={titleId} />}
    </SidePanel>
  );
}
