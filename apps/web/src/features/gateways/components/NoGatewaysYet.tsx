import { Box, Button, Paper, Typography } from '@mui/material';
import { useT } from '../../../lib/i18n/index.ts';

interface NoGatewaysYetProps {
  scopeId: string;
  canRegister: boolean;
  onRegister: () => void;
  /** A free-tier (self-service) user: nobody administers the account for them (docs/decisions.md). */
  selfService: boolean;
  /**
   * The simulator commands, run on the portal's host: only for the platform's operators (root users); a
   * customer's staff or a free-tier user cannot run them.
   */
  showSimulator: boolean;
}

/** The simulator commands of README 'Gateways and the simulator', for this customer and this portal's host. */
export function simulatorCommands(scopeId: string, host: string): string {
  return [
    `npm run provision -w @portal/server -- --scope ${scopeId} --count 5 > creds.json`,
    `npm run sim -- --broker mqtt://${host}:1884 --credentials creds.json --interval 5000`,
  ].join('\n');
}

/**
 * A customer without gateways (spec-free wording): how to get the first one, by registering a gateway (its
 * credential is handed out once) or by provisioning simulated ones to try the portal. A customer's user who
 * may not register asks the customer's administrator; a self-service user has none, and is told how a
 * gateway comes to an account here.
 */
export function NoGatewaysYet({
  scopeId,
  canRegister,
  onRegister,
  selfService,
  showSimulator,
}: NoGatewaysYetProps) {
  const t = useT('gateways');
  return (
    <Paper variant="outlined" role="region" aria-labelledby="no-gateways-title" sx={{ p: 3, maxWidth: 760 }}>
      <Typography id="no-gateways-title" variant="h6" component="h2" gutterBottom>
        {t('noGateways.title')}
      </Typography>
      {canRegister ? (
        <>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('noGateways.registerText')}
          </Typography>
          <Button variant="contained" size="small" onClick={onRegister} sx={{ mb: 2 }}>
            {t('noGateways.register')}
          </Button>
        </>
      ) : selfService ? (
        <SelfServiceHelp />
      ) : (
        <Typography variant="body2" sx={{ mb: showSimulator ? 2 : 0 }}>
          {t('noGateways.askAdmin')}
        </Typography>
      )}
      {showSimulator && <SimulatorHelp scopeId={scopeId} />}
    </Paper>
  );
}

/**
 * The free-tier account holds no gateways (a gateway is registered to a customer, never to the free tier:
 * docs/decisions.md 'Moving gateways between customers'): its user gets one through the customer that runs it.
 */
function SelfServiceHelp() {
  const t = useT('gateways');
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('noGateways.selfService')}
      </Typography>
      <Typography variant="body2">{t('noGateways.selfServiceHow')}</Typography>
    </>
  );
}

function SimulatorHelp({ scopeId }: { scopeId: string }) {
  const t = useT('gateways');
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('noGateways.simulator')}
      </Typography>
      <Box
        component="pre"
        aria-label={t('noGateways.simulatorCommands')}
        sx={{
          m: 0,
          p: 1.5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: 13,
          overflowX: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {simulatorCommands(scopeId, window.location.hostname || 'localhost')}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('noGateways.simulatorNote')}
      </Typography>
    </>
  );
}
