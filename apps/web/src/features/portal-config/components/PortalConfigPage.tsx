import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { portalConfigMessages } from '@portal/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGraphConfigurations } from '../../../api/get-graph-configurations.ts';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useApplyGraphOption } from '../api/apply-graph-option.ts';
import { GRAPH_OPTION_CHOICES, type GraphOption, graphOptionFor } from '../graph-option.ts';

const CUSTOMERS_PATH = '/admin/tenants';

function GraphOptionForm({ scopeId, initial }: { scopeId: string; initial: GraphOption }) {
  const t = useT('portal-config');
  const [option, setOption] = useState<GraphOption>(initial);
  const applyOption = useApplyGraphOption();
  const notify = useNotify();

  const apply = () =>
    applyOption.mutate(
      { scopeId, option },
      {
        onSuccess: () => notify({ variant: 'success', text: portalConfigMessages.applied }),
        onError: () => notify({ variant: 'error', text: portalConfigMessages.failed }),
      },
    );

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <FormControl>
        <RadioGroup
          row
          aria-labelledby="page-title"
          name="graph-option"
          value={option}
          onChange={(event) => setOption(event.target.value as GraphOption)}
        >
          {GRAPH_OPTION_CHOICES.map((choice) => (
            <FormControlLabel
              key={choice.value}
              value={choice.value}
              control={<Radio />}
              label={t(`choices.${choice.label}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Button variant="contained" onClick={apply} disabled={applyOption.isPending}>
        {t('apply')}
      </Button>
    </Stack>
  );
}

function GraphConfigurationSection({ scopeId }: { scopeId: string }) {
  const t = useT('portal-config');
  const messageText = useMessageText();
  const configurations = useGraphConfigurations();
  if (configurations.isPending) return <CenteredProgress label={t('loading')} />;
  if (configurations.isError)
    return <Alert severity="error">{messageText(configurations.error.message)}</Alert>;
  const initial = graphOptionFor(configurations.data, scopeId);
  return <GraphOptionForm key={`${scopeId}:${initial}`} scopeId={scopeId} initial={initial} />;
}

/**
 * /portal-config: the grey area marking gateway offline periods on graphs, ON or OFF, for the scope being
 * viewed (spec 000 section 2 'Portal Configuration').
 */
export function PortalConfigPage() {
  const t = useT('portal-config');
  const messageText = useMessageText();
  const { tenantId } = useSession();
  const navigate = useNavigate();
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        {messageText(portalConfigMessages.title)}
      </Typography>
      <GraphConfigurationSection scopeId={tenantId} />
      <Button variant="outlined" sx={{ mt: 3 }} onClick={() => navigate(CUSTOMERS_PATH)}>
        {t('back')}
      </Button>
    </Paper>
  );
}
