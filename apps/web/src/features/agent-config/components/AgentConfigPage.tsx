import { Alert, Paper, Stack, Typography } from '@mui/material';
import { agentConfigMessages } from '@portal/contract';
import { useSearchParams } from 'react-router-dom';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useAgentConfig } from '../api/get-agent-config.ts';
import { useLiveAgentConfig } from '../use-live-agent-config.ts';
import { AgentConfigDeliveryPanel } from './AgentConfigDeliveryPanel.tsx';
import { AgentConfigForm } from './AgentConfigForm.tsx';

/**
 * /cli/agent-config?scopeId= (spec 002; docs/agent-config.md): the customer's agent configuration, its versions,
 * and how many of its gateways run the current one. Changing it needs IOT_DEVICE_WRITE.
 */
export function AgentConfigPage() {
  const t = useT('agent-config');
  const messageText = useMessageText();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const sid = searchParams.get('scopeId') || session.tenantId;
  const canWrite = session.isRootUser || session.permissions.includes('IOT_DEVICE_WRITE');
  useLiveAgentConfig(sid);
  const { data, isError } = useAgentConfig(sid);
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="page-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Stack sx={{ gap: 3 }}>
        {isError ? <Alert severity="error">{messageText(agentConfigMessages.loadFailed)}</Alert> : null}
        {data ? (
          <AgentConfigForm key={`${sid}-${data.cfg.cfv}`} sid={sid} cfg={data.cfg} canWrite={canWrite} />
        ) : isError ? null : (
          <CenteredProgress label={t('loading')} />
        )}
        <AgentConfigDeliveryPanel sid={sid} />
      </Stack>
    </Paper>
  );
}
