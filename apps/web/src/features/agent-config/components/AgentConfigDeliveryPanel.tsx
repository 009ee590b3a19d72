import {
  Alert,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { AgentConfigDeliveryState } from '@portal/contract';
import { useAgentConfigDelivery } from '../api/get-agent-config-delivery.ts';

const STATE_LABEL: Record<AgentConfigDeliveryState, string> = {
  current: 'Current',
  older: 'Older',
  unconfirmed: 'Not confirmed',
};
const STATE_COLOR = { current: 'success', older: 'warning', unconfirmed: 'default' } as const;

/** How many of the customer's gateways run the current version, an older one, or have not confirmed; and which. */
export function AgentConfigDeliveryPanel({ sid }: { sid: string }) {
  const { data, isError } = useAgentConfigDelivery(sid);
  if (isError) return <Alert severity="error">Failed to load the gateways' configuration versions.</Alert>;
  if (!data) return null;
  const total = data.current + data.older + data.unconfirmed;
  return (
    <section aria-labelledby="agent-config-delivery">
      <Typography id="agent-config-delivery" variant="h6" component="h2" sx={{ mb: 1 }}>
        Gateways
      </Typography>
      <Stack
        direction="row"
        sx={{ gap: 1, flexWrap: 'wrap', mb: 1 }}
        aria-label="Configuration versions on gateways"
      >
        <Chip
          color="success"
          label={`${data.current} on version ${data.cfv}`}
          data-testid="agent-config-current"
        />
        <Chip color="warning" label={`${data.older} on an older version`} data-testid="agent-config-older" />
        <Chip label={`${data.unconfirmed} not confirmed`} data-testid="agent-config-unconfirmed" />
      </Stack>
      {total === 0 ? (
        <Typography color="text.secondary">This customer has no gateways.</Typography>
      ) : (
        <TableContainer sx={{ maxHeight: 320 }}>
          <Table size="small" stickyHeader aria-label="Gateways and their configuration version">
            <TableHead>
              <TableRow>
                <TableCell>Gateway</TableCell>
                <TableCell>Version</TableCell>
                <TableCell>State</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.gateways.map((gateway) => (
                <TableRow key={gateway.macId} data-testid={`agent-config-gateway-${gateway.macId}`}>
                  <TableCell>
                    <Typography variant="body2">{gateway.name}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {gateway.macId} · {gateway.connected ? 'online' : 'offline'}
                    </Typography>
                  </TableCell>
                  <TableCell>{gateway.appliedCfv ?? '-'}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={STATE_COLOR[gateway.state]}
                      label={STATE_LABEL[gateway.state]}
                    />
                    {gateway.rejected ? (
                      <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                        Refused: {gateway.rejected}
                      </Typography>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );
}
