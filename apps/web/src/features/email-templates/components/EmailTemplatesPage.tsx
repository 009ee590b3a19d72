import { Alert, Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  type EmailTemplate,
  emailTemplateMessages,
  updateEmailTemplateBody,
} from '@portal/contract';
import { useMemo, useState } from 'react';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useSession } from '../../../lib/session.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useEmailTemplates } from '../api/get-email-templates.ts';
import { useSendTestEmail } from '../api/send-test-email.ts';
import { useUpdateEmailTemplate } from '../api/update-email-template.ts';
import { previewDocument } from '../preview.ts';

/** What each template is for, as root reads it in the list. */
const PURPOSE: Record<EmailTemplate['name'], string> = {
  activation: 'New user: set your password (portal users, sign-up, new customer owner)',
  resetPassword: 'Forgot password: reset link',
  lockUserActivation: 'Lock user: activate the lock app account',
  lockUserReset: 'Lock user: reset the lock app password',
  feedback: 'Feedback sent to the support address',
  alertNotification: 'Alert fired, still active or resolved (e-mail receivers of an alert)',
  test: 'Test mail',
};

function TemplateEditor({ template }: { template: EmailTemplate }) {
  const session = useSession();
  const notify = useNotify();
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const save = useUpdateEmailTemplate();
  const test = useSendTestEmail();
  const input = { name: template.name, subject, body };
  const checked = updateEmailTemplateBody.safeParse(input);
  const errorOf = (field: 'subject' | 'body') =>
    checked.success ? undefined : checked.error.issues.find((issue) => issue.path[0] === field)?.message;
  const changed = subject !== template.subject || body !== template.body;
  const preview = useMemo(
    () =>
      previewDocument(
        { subject, body },
        { name: session.tenantName || 'IoT Portal', primary: session.primaryThemeColor },
      ),
    [subject, body, session.tenantName, session.primaryThemeColor],
  );

  const insert = (name: string) => setBody((current) => `${current}{{${name}}}`);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'stretch' }}>
      <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
        <TextField
          label="Subject"
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          error={!!errorOf('subject')}
          helperText={errorOf('subject') ?? `${subject.length}/${EMAIL_SUBJECT_MAX}`}
          slotProps={{ htmlInput: { maxLength: EMAIL_SUBJECT_MAX + 1 } }}
        />
        <TextField
          label="Body (HTML)"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          multiline
          minRows={8}
          maxRows={20}
          error={!!errorOf('body')}
          helperText={errorOf('body') ?? `${body.length}/${EMAIL_BODY_MAX}`}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <Box>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            Placeholders (click to add to the body):
          </Typography>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            {template.placeholders.map((name) => (
              <Chip key={name} label={`{{${name}}}`} size="small" onClick={() => insert(name)} />
            ))}
          </Stack>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={!checked.success || !changed || save.isPending}
            onClick={() =>
              save.mutate(input, {
                onSuccess: () => notify({ variant: 'success', text: emailTemplateMessages.updated }),
                onError: (error) =>
                  notify({
                    variant: 'error',
                    text: `${emailTemplateMessages.updateFailed}: ${error.message}`,
                  }),
              })
            }
          >
            Save
          </Button>
          <Button
            variant="outlined"
            disabled={!checked.success || test.isPending}
            onClick={() =>
              test.mutate(input, {
                onSuccess: () =>
                  notify({
                    variant: 'success',
                    text: `${emailTemplateMessages.testSent} to ${session.user?.email ?? ''}`,
                  }),
                onError: () => notify({ variant: 'error', text: emailTemplateMessages.testFailed }),
              })
            }
          >
            Send test
          </Button>
        </Stack>
      </Stack>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" component="h2" gutterBottom>
          Preview
        </Typography>
        <Typography variant="body2" sx={{ mb: 1, wordBreak: 'break-word' }} data-testid="preview-subject">
          {preview.subject}
        </Typography>
        <Box
          component="iframe"
          title="Mail preview"
          sandbox=""
          srcDoc={preview.html}
          sx={{
            width: '100%',
            height: 360,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: '#fff',
          }}
        />
      </Box>
    </Stack>
  );
}

/**
 * /email-templates (root, from the account menu; docs/audit.md): every mail the portal sends, its subject and
 * HTML body with named placeholders, a live preview in the viewed customer's colours, and a test send.
 */
export function EmailTemplatesPage() {
  const templates = useEmailTemplates();
  const [selected, setSelected] = useState<EmailTemplate['name']>('activation');
  const current = templates.data?.find((t) => t.name === selected);
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        E-mail Templates
      </Typography>
      {templates.isPending ? (
        <CenteredProgress label="Loading templates" />
      ) : templates.isError ? (
        <Alert severity="error">{templates.error.message}</Alert>
      ) : (
        <Stack spacing={3}>
          <TextField
            select
            label="Template"
            value={selected}
            onChange={(event) => setSelected(event.target.value as EmailTemplate['name'])}
            sx={{ maxWidth: 480 }}
          >
            {templates.data.map((t) => (
              <MenuItem key={t.name} value={t.name}>
                {PURPOSE[t.name]}
              </MenuItem>
            ))}
          </TextField>
          {current && <TemplateEditor key={`${current.name}:${current.updatedAt}`} template={current} />}
        </Stack>
      )}
    </Paper>
  );
}
