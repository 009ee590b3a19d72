import { Button, Paper, Stack, Typography } from '@mui/material';
import { FEEDBACK_MAX_BODY, feedbackMessages } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useSaveFeedback } from '../api/save-feedback.ts';
import { FeedbackList } from './FeedbackList.tsx';

/** The editor library is loaded only once this page is drawn (bench/bundle.ts: first-screen budget). */
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/**
 * /cli/feedback (spec 002 section 2): a rich-text editor and a submit button, enabled only when the editor
 * holds text; below it the feedback received, newest first. Shown to the support tenant and root users.
 */
export function FeedbackPage() {
  const t = useT('feedback');
  const messageText = useMessageText();
  const session = useSession();
  const notify = useNotify();
  const save = useSaveFeedback();
  const [html, setHtml] = useState('');
  const [empty, setEmpty] = useState(true);
  const [resetKey, setResetKey] = useState(0);
  const tooLong = html.length > FEEDBACK_MAX_BODY;

  const submit = () =>
    save.mutate(
      { email: session.user?.email ?? '', body: html },
      {
        onSuccess: () => {
          notify({ variant: 'success', text: feedbackMessages.submitted });
          setHtml('');
          setEmpty(true);
          setResetKey((k) => k + 1);
        },
        onError: () => notify({ variant: 'error', text: feedbackMessages.failed }),
      },
    );

  return (
    <Stack spacing={3}>
      <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="page-title" variant="h5" component="h1" gutterBottom>
          {t('title')}
        </Typography>
        <Suspense fallback={<CenteredProgress label={t('loadingEditor')} />}>
          <RichTextEditor
            label={t('editor')}
            resetKey={resetKey}
            disabled={save.isPending}
            onChange={(next, isEmpty) => {
              setHtml(next);
              setEmpty(isEmpty);
            }}
          />
        </Suspense>
        {tooLong && (
          <Typography color="error" variant="body2" sx={{ mt: 1 }}>
            {messageText(feedbackMessages.tooLarge)}
          </Typography>
        )}
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          disabled={empty || tooLong || save.isPending}
          onClick={submit}
        >
          {t('submit')}
        </Button>
      </Paper>
      <Paper component="section" aria-labelledby="feedback-received" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="feedback-received" variant="h6" component="h2" gutterBottom>
          {t('received')}
        </Typography>
        <FeedbackList />
      </Paper>
    </Stack>
  );
}
