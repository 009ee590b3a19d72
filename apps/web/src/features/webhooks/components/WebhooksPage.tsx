import { Alert, Paper, Stack, Typography } from '@mui/material';
import { type Webhook, type WebhookWithSecret, webhookMessages } from '@portal/contract';
import { useState } from 'react';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PageHead } from '../../../components/PageHead.tsx';
import { SecretDialog } from '../../../components/SecretDialog.tsx';
import { messageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { useWebhooks } from '../api/get-webhooks.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useSendTestEvent } from '../api/send-test-event.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { WebhookCard } from './WebhookCard.tsx';
import { WebhookDialog } from './WebhookDialog.tsx';

/**
 * /cli/webhooks (ours, issue 31; docs/webhooks.md): the outbound webhooks of the customer being viewed, for
 * holders of WEBHOOK_WRITE: add and edit (name, URL, event types), the secret shown once, rotate it, enable or
 * disable, delete, send a test event, and each one's delivery log; a webhook the portal disabled says so.
 */
export function WebhooksPage() {
  const t = useT('webhooks');
  const session = useSession();
  const notify = useNotify();
  const hooks = useWebhooks(session.tenantId);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendTestEvent();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const failed = (error: Error) => notify({ variant: 'error', text: messageText(error.message) });

  const actions = {
    testing,
    onEdit: (hook: Webhook) => setEditing(hook),
    onDelete: setDeleting,
    onRotate: setRotating,
    onEnabled: (hook: Webhook, enabled: boolean) =>
      update.mutate(
        { id: hook.id, body: { enabled } },
        {
          onSuccess: () =>
            notify({
              variant: 'success',
              text: enabled ? webhookMessages.enabled : webhookMessages.disabled,
            }),
          onError: failed,
        },
      ),
    onTest: (hook: Webhook) => {
      setTesting(hook.id);
      test.mutate(hook.id, {
        onSuccess: (delivery) =>
          notify({
            variant: delivery.status === 'delivered' ? 'success' : 'warning',
            text: t('testSent', { status: t(`status.${delivery.status}`) }),
          }),
        onError: failed,
        onSettled: () => setTesting(null),
      });
    },
  };

  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <PageHead
        title={t('title')}
        addLabel={t('create')}
        onAdd={() => setEditing('new')}
        intro={t('intro')}
      />
      {hooks.isPending ? (
        <CenteredProgress />
      ) : hooks.isError ? (
        <Alert severity="error">{t('failed')}</Alert>
      ) : hooks.data.items.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <Stack component="ul" aria-label={t('title')} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {hooks.data.items.map((hook) => (
            <WebhookCard key={hook.id} hook={hook} actions={actions} />
          ))}
        </Stack>
      )}
      {editing && (
        <WebhookDialog
          {...(editing === 'new' ? {} : { webhook: editing })}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setEditing(null);
            notify({ variant: 'success', text: webhookMessages.created });
            setSecret(created);
          }}
        />
      )}
      {secret && (
        <SecretDialog
          secret={secret.secret}
          texts={{
            title: t('secret.title'),
            text: t('secret.text'),
            label: t('secret.label'),
            copy: t('secret.copy'),
            copied: t('secret.copied'),
            done: t('secret.done'),
          }}
          onClose={() => setSecret(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('deleteTitle')}
          text={t('deleteText', { name: deleting.name, url: deleting.url })}
          confirmLabel={t('actions.delete')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => notify({ variant: 'success', text: webhookMessages.deleted }),
              onError: failed,
              onSettled: () => setDeleting(null),
            })
          }
          onCancel={() => setDeleting(null)}
        />
      )}
      {rotating && (
        <ConfirmDialog
          title={t('rotateTitle')}
          text={t('rotateText')}
          confirmLabel={t('actions.rotate')}
          pending={rotate.isPending}
          onConfirm={() =>
            rotate.mutate(rotating.id, {
              onSuccess: (answer) => {
                notify({ variant: 'success', text: webhookMessages.rotated });
                setSecret(answer);
              },
              onError: failed,
              onSettled: () => setRotating(null),
            })
          }
          onCancel={() => setRotating(null)}
        />
      )}
    </Paper>
  );
}
