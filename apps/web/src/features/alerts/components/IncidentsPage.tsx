import {
  Alert,
  Box,
  Button,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type AlertIncident, effectivePermissions, live } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { hierarchyQueryOptions } from '../../../api/get-hierarchy.ts';
import { type Detail, DetailList } from '../../../components/DetailList.tsx';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { usePaginationProps } from '../../../components/ListPagination.tsx';
import { ProgressStatus } from '../../../components/ProgressStatus.tsx';
import { ViewOnlyNotice } from '../../../components/ViewOnlyNotice.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { formatNumber, useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useLiveTopic } from '../../../lib/mqtt.ts';
import { rowsPerPageFor, sessionStore, useSession } from '../../../lib/session.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { pageOf } from '../alerts-view.ts';
import { applyIncident, useAcknowledgeIncident, useIncidents } from '../api/incidents-api.ts';
import {
  acknowledgeFailureText,
  canAcknowledge,
  customerNamesOf,
  INCIDENT_FILTERS,
  type IncidentFilter,
  incidentOfLiveMessage,
  isMixedIncidentList,
  matchesIncidentFilter,
  serverStateOf,
  subjectText,
} from '../incidents-view.ts';
import { IncidentDialog } from './IncidentDialog.tsx';
import { incidentTypeText, StatusChip } from './IncidentParts.tsx';

const LIST_NAME = 'incidents';
const PAGE_SIZES = [10, 25, 50, 100];
const DEFAULT_PAGE_SIZE = 25;

const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms));

function valueText(incident: AlertIncident): string {
  if (incident.value === null) return '—';
  const value = formatNumber(incident.value);
  return incident.threshold === null ? value : `${value} / ${formatNumber(incident.threshold)}`;
}

function Subject({ incident }: { incident: AlertIncident }) {
  const t = useT('alerts');
  const name = subjectText(incident);
  return (
    <>
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {name}
      </Box>
      {name !== incident.gatewayMac && (
        <Typography variant="caption" color="text.secondary" component="div">
          {t('incidents.gateway', { mac: incident.gatewayMac })}
        </Typography>
      )}
    </>
  );
}

function AcknowledgedBy({ incident }: { incident: AlertIncident }) {
  const t = useT('alerts');
  if (incident.acknowledgedAt === null) return <>—</>;
  return (
    <>
      {t('incidents.acknowledgedBy', {
        name: incident.acknowledgedBy ?? '—',
        time: formatDateTime(incident.acknowledgedAt),
      })}
    </>
  );
}

interface RowActionsProps {
  incident: AlertIncident;
  canWrite: boolean;
  pending: boolean;
  onAcknowledge: (incident: AlertIncident) => void;
  onDetails: (incident: AlertIncident) => void;
}

function RowActions({ incident, canWrite, pending, onAcknowledge, onDetails }: RowActionsProps) {
  const t = useT('alerts');
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }} useFlexGap>
      {canAcknowledge(incident, canWrite) && (
        <Button
          size="small"
          variant="contained"
          disabled={pending}
          aria-label={t('incidents.acknowledgeName', { name: incident.ruleName })}
          onClick={() => onAcknowledge(incident)}
        >
          {t('incidents.acknowledge')}
        </Button>
      )}
      <Button
        size="small"
        aria-label={t('incidents.detailsName', { name: incident.ruleName })}
        onClick={() => onDetails(incident)}
      >
        {t('incidents.details')}
      </Button>
    </Stack>
  );
}

/**
 * The incidents, kept current by the alerts channel: `portal/{scopeId}/alerts` carries each incident's changes
 * (fired, resolved, acknowledged, escalated, reminders) for the customer and those above it, so the cached
 * lists take the incident in place and the screen never polls.
 */
function useLiveIncidents(scopeId: string) {
  const queryClient = useQueryClient();
  useLiveTopic(scopeId ? live.alerts(scopeId) : null, (message) => {
    const incident = incidentOfLiveMessage(message)?.incident;
    if (incident) applyIncident(queryClient, scopeId, incident);
  });
}

/**
 * /cli/incidents?scopeId= (docs/alerts.md 'Incidents'): the incidents of the customer and its sub-customers
 * (root on its own tenant: every customer's), filtered open / acknowledged / resolved / all, live, with
 * Acknowledge for ALERTS_WRITE and each incident's notifications in a dialog.
 */
export function IncidentsPage() {
  const t = useT('alerts');
  const messageText = useMessageText();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const scopeId = searchParams.get('scopeId') || session.tenantId;
  const held = effectivePermissions(session.permissions);
  const canWrite = held.has('ALERTS_WRITE');
  const notify = useNotify();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const paginationProps = usePaginationProps();

  const [filter, setFilter] = useState<IncidentFilter>('open');
  const [page, setPage] = useState(0);
  const [opened, setOpened] = useState<AlertIncident | null>(null);
  const pageSize = rowsPerPageFor(session, LIST_NAME, DEFAULT_PAGE_SIZE);
  const incidents = useIncidents(scopeId, serverStateOf(filter));
  useLiveIncidents(scopeId);
  const acknowledge = useAcknowledgeIncident(scopeId);

  const all = incidents.data ?? [];
  const shown = all.filter((incident) => matchesIncidentFilter(incident, filter));
  const mixed = isMixedIncidentList(all, scopeId);
  const hierarchy = useQuery({ ...hierarchyQueryOptions(), enabled: mixed && held.has('HIERARCHY_READ') });
  const customerNames = useMemo(() => customerNamesOf(hierarchy.data), [hierarchy.data]);
  const customerOf = (incident: AlertIncident) => customerNames.get(incident.scopeId) ?? incident.scopeId;
  const rows = pageOf(shown, page, pageSize);
  const last = Math.max(0, Math.ceil(shown.length / pageSize) - 1);
  // The dialog follows the live list: an incident acknowledged meanwhile shows so there.
  const openedNow = opened ? (all.find((incident) => incident.id === opened.id) ?? opened) : null;

  const onAcknowledge = (incident: AlertIncident) =>
    acknowledge.mutate(incident.id, {
      onSuccess: (result) => notify({ variant: 'success', text: result.message }),
      onError: (error) => notify({ variant: 'error', text: acknowledgeFailureText(error) }),
    });

  const actions = (incident: AlertIncident) => (
    <RowActions
      incident={incident}
      canWrite={canWrite}
      pending={acknowledge.isPending && acknowledge.variables === incident.id}
      onAcknowledge={onAcknowledge}
      onDetails={setOpened}
    />
  );

  const details: Detail<AlertIncident>[] = [
    { label: t('incidents.table.type'), text: (incident) => incidentTypeText(t, incident) },
    { label: t('incidents.table.subject'), text: (incident) => <Subject incident={incident} /> },
    ...(mixed ? [{ label: t('incidents.table.customer'), text: customerOf }] : []),
    { label: t('incidents.table.value'), text: valueText },
    { label: t('incidents.table.fired'), text: (incident) => when(incident.firedAt) },
    { label: t('incidents.table.resolved'), text: (incident) => when(incident.resolvedAt) },
    { label: t('incidents.table.acknowledged'), text: (incident) => <AcknowledgedBy incident={incident} /> },
    { label: t('incidents.table.escalated'), text: (incident) => when(incident.escalatedAt) },
  ];

  const emptyText = t(`incidents.empty.${filter}`);
  const list = phone ? (
    rows.length === 0 ? (
      <Typography color="text.secondary">{emptyText}</Typography>
    ) : (
      <Stack
        component="ul"
        aria-label={t('incidents.table.label')}
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {rows.map((incident) => (
          <Paper
            component="li"
            key={incident.id}
            variant="outlined"
            sx={{ p: 1.5 }}
            aria-label={incident.ruleName}
          >
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, mb: 1 }}
            >
              <Typography variant="subtitle2" component="h2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {incident.ruleName}
              </Typography>
              <StatusChip incident={incident} />
            </Stack>
            <DetailList details={details} item={incident} />
            <Box sx={{ mt: 1 }}>{actions(incident)}</Box>
          </Paper>
        ))}
      </Stack>
    )
  ) : (
    <TableContainer>
      <Table size="small" aria-label={t('incidents.table.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('incidents.table.state')}</TableCell>
            <TableCell>{t('incidents.table.rule')}</TableCell>
            <TableCell>{t('incidents.table.type')}</TableCell>
            <TableCell>{t('incidents.table.subject')}</TableCell>
            {mixed && <TableCell>{t('incidents.table.customer')}</TableCell>}
            <TableCell>{t('incidents.table.value')}</TableCell>
            <TableCell>{t('incidents.table.fired')}</TableCell>
            <TableCell>{t('incidents.table.resolved')}</TableCell>
            <TableCell>{t('incidents.table.acknowledged')}</TableCell>
            <TableCell>{t('incidents.table.escalated')}</TableCell>
            <TableCell align="right">{t('incidents.table.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && <EmptyTableRow colSpan={mixed ? 11 : 10} text={emptyText} />}
          {rows.map((incident) => (
            <TableRow key={incident.id} hover aria-label={incident.ruleName}>
              <TableCell>
                <StatusChip incident={incident} />
              </TableCell>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {incident.ruleName}
              </TableCell>
              <TableCell>{incidentTypeText(t, incident)}</TableCell>
              <TableCell>
                <Subject incident={incident} />
              </TableCell>
              {mixed && <TableCell>{customerOf(incident)}</TableCell>}
              <TableCell>{valueText(incident)}</TableCell>
              <TableCell>{when(incident.firedAt)}</TableCell>
              <TableCell>{when(incident.resolvedAt)}</TableCell>
              <TableCell>
                <AcknowledgedBy incident={incident} />
              </TableCell>
              <TableCell>{when(incident.escalatedAt)}</TableCell>
              <TableCell align="right">{actions(incident)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('incidents.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('incidents.intro')}{' '}
        <Link component={RouterLink} to={`/cli/alerts?scopeId=${encodeURIComponent(scopeId)}`}>
          {t('incidents.alertsLink')}
        </Link>
      </Typography>
      {!canWrite && <ViewOnlyNotice what={t('incidents.viewOnlyWhat')} />}
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        aria-label={t('incidents.filter.label')}
        onChange={(_event, next: IncidentFilter | null) => {
          if (!next) return;
          setFilter(next);
          setPage(0);
        }}
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        {INCIDENT_FILTERS.map((value) => (
          <ToggleButton key={value} value={value}>
            {t(`incidents.filter.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {incidents.isPending && <ProgressStatus text={t('incidents.loading')} />}
      {incidents.isError && <Alert severity="error">{messageText(incidents.error.message)}</Alert>}
      {incidents.data && list}
      {incidents.data && shown.length > 0 && (
        <TablePagination
          {...paginationProps}
          component="div"
          count={shown.length}
          page={Math.min(page, last)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            sessionStore.setRowsPerPage(LIST_NAME, Number(event.target.value));
            setPage(0);
          }}
        />
      )}
      {openedNow && <IncidentDialog incident={openedNow} onClose={() => setOpened(null)} />}
    </Paper>
  );
}
