import { Alert, Paper } from '@mui/material';
import { type ApiKey, apiKeyMessages, type CreatedApiKey } from '@portal/contract';
import { useState } from 'react';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PageHead } from '../../../components/PageHead.tsx';
import { SecretDialog } from '../../../components/SecretDialog.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { createsHere } from '../api-key-form.ts';
import { ApiKeysList } from './ApiKeysList.tsx';
import { CreateApiKeyDialog } from './CreateApiKeyDialog.tsx';

/**
 * /cli/api-keys (ours, issue 31; docs/api-keys.md): the keys of the customer being viewed, for holders of
 * API_KEY_WRITE: create one (name, permissions of one's own, expiry), its secret shown once, revoke.
 */
export function ApiKeysPage() {
  const t = useT('api-keys');
  const session = useSession();
  const notify = useNotify();
  const keys = useApiKeys(session.tenantId);
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const ownCustomer = createsHere(session);

  const confirmRevoke = (key: ApiKey) =>
    revoke.mutate(key.id, {
      onSuccess: () => {
        notify({ variant: 'success', text: apiKeyMessages.revoked });
        setRevoking(null);
      },
      onError: (error) => {
        notify({ variant: 'error', text: error.message });
        setRevoking(null);
      },
    });

  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <PageHead
        title={t('title')}
        addLabel={t('create')}
        onAdd={ownCustomer ? () => setCreating(true) : undefined}
        intro={`${t('intro')} ${t('lastUsedNote')}`}
      />
      {!ownCustomer && (
        <Alert severity="info" variant="outlined" role="note" sx={{ mb: 2 }}>
          {t('otherCustomer')}
        </Alert>
      )}
      {keys.isPending ? (
        <CenteredProgress />
      ) : keys.isError ? (
        <Alert severity="error">{t('failed')}</Alert>
      ) : (
        <ApiKeysList keys={keys.data.items} onRevoke={setRevoking} />
      )}
      {creating && (
        <CreateApiKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(answer) => {
            setCreating(false);
            setCreated(answer);
          }}
        />
      )}
      {created && (
        <SecretDialog
          secret={created.secret}
          texts={{
            title: t('secret.title'),
            text: t('secret.text'),
            label: t('secret.label'),
            copy: t('secret.copy'),
            copied: t('secret.copied'),
            done: t('secret.done'),
          }}
          onClose={() => setCreated(null)}
        />
      )}
      {revoking && (
        <ConfirmDialog
          title={t('revokeTitle')}
          text={t('revokeText', { name: revoking.name, prefix: revoking.prefix })}
          confirmLabel={t('revoke')}
          pending={revoke.isPending}
          onConfirm={() => confirmRevoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </Paper>
  );
}
