import { Alert, Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  type EmailTemplate,
  emailTemplateMessages,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  updateEmailTemplateBody,
} from '@portal/contract';
import { useMemo, useState } from 'react';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useCurrentLanguage, useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useEmailTemplates } from '../api/get-email-templates.ts';
import { useSendTestEmail } from '../api/send-test-email.ts';
import { useUpdateEmailTemplate } from '../api/update-email-template.ts';
import { previewDocument } from '../preview.ts';

function TemplateEditor({ template }: { template: EmailTemplate }) {
  const t = useT('email-templates');
  const messageText = useMessageText();
  const session = useSession();
  const notify = useNotify();
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const save = useUpdateEmailTemplate();
  const test = useSendTestEmail();
  const input = { name: template.name, language: template.language, subject, body };
  const checked = updateEmailTemplateBody.safeParse(input);
  const errorOf = (field: 'subject' | 'body') => {
    const issue = checked.success ? undefined : checked.error.issues.find((one) => one.path[0] === field);
    return issue ? messageText(issue.message) : undefined;
  };
  const changed = subject !== template.subject || body !== template.body;
  const preview = useMemo(
    () =>
      previewDocument(
        { subject, body },
        { name: session.tenantName || 'IoT Portal', primary: session.primaryThemeColor },
        template.language,
      ),
    [subject, body, session.tenantName, session.primaryThemeColor, template.language],
  );

  const insert = (name: string) => setBody((current) => `${current}{{${name}}}`);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'stretch' }}>
      <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
        <TextField
          label={t('subject')}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          error={!!errorOf('subject')}
          helperText={errorOf('subject') ?? `${subject.length}/${EMAIL_SUBJECT_MAX}`}
          slotProps={{ htmlInput: { maxLength: EMAIL_SUBJECT_MAX + 1 } }}
        />
        <TextField
          label={t('body')}
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
            {t('placeholders')}
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
                    text: t('failedWith', {
                      failed: messageText(emailTemplateMessages.updateFailed),
                      reason: messageText(error.message),
                    }),
                  }),
              })
            }
          >
            {t('save')}
          </Button>
          <Button
            variant="outlined"
            disabled={!checked.success || test.isPending}
            onClick={() =>
              test.mutate(input, {
                onSuccess: () =>
                  notify({
                    variant: 'success',
                    text: t('testSentTo', {
                      sent: messageText(emailTemplateMessages.testSent),
                      email: session.user?.email ?? '',
                    }),
                  }),
                onError: () => notify({ variant: 'error', text: emailTemplateMessages.testFailed }),
              })
            }
          >
            {t('sendTest')}
          </Button>
        </Stack>
      </Stack>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" component="h2" gutterBottom>
          {t('preview')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1, wordBreak: 'break-word' }} data-testid="preview-subject">
          {preview.subject}
        </Typography>
        <Box
          component="iframe"
          title={t('previewFrame')}
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
  const t = useT('email-templates');
  const messageText = useMessageText();
  // Each language's templates are edited on their own; the one shown first is the language of the screen.
  const [language, setLanguage] = useState<Language>(useCurrentLanguage());
  const templates = useEmailTemplates(language);
  const [selected, setSelected] = useState<EmailTemplate['name']>('activation');
  const current = templates.data?.find((template) => template.name === selected);
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      {templates.isPending ? (
        <CenteredProgress label={t('loading')} />
      ) : templates.isError ? (
        <Alert severity="error">{messageText(templates.error.message)}</Alert>
      ) : (
        <Stack spacing={3}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('template')}
              value={selected}
              onChange={(event) => setSelected(event.target.value as EmailTemplate['name'])}
              sx={{ maxWidth: 480, flex: 1 }}
            >
              {templates.data.map((template) => (
                <MenuItem key={template.name} value={template.name}>
                  {t(`purpose.${template.name}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('language')}
              value={language}
              onChange={(event) => setLanguage(event.target.value as Language)}
              helperText={t('languageHelp')}
              sx={{ minWidth: 160, maxWidth: 320 }}
            >
              {LANGUAGES.map((choice) => (
                <MenuItem key={choice} value={choice} lang={choice}>
                  {LANGUAGE_NAMES[choice]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {current && (
            <TemplateEditor
              key={`${current.language}:${current.name}:${current.updatedAt}`}
              template={current}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}
