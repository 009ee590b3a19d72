import AddOutlined from '@mui/icons-material/AddOutlined';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { alertMessages, type LockAlert, live, type SensorAlert } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ProgressStatus } from '../../../components/ProgressStatus.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { ViewOnlyNotice } from '../../../components/ViewOnlyNotice.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useLiveTopic } from '../../../lib/mqtt.ts';
import { rowsPerPageFor, useSession } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import {
  ALERT_TABLE_DEFAULT_SIZE,
  ALERTS_LIST_NAME,
  matchesLockAlert,
  matchesSensorAlert,
  pageSizeFrom,
  SEARCH_DELAY_MS,
} from '../alerts-view.ts';
import {
  alertsKey,
  useAlertReceivers,
  useDeleteLockAlert,
  useDeleteSensorAlert,
  useLockAlerts,
  useSensorAlerts,
} from '../api/alerts-api.ts';
import { LockAlertsTable, SensorAlertsTable } from './AlertTables.tsx';
import { LockAlertDialog } from './LockAlertDialog.tsx';
import { RoutingDialog } from './RoutingDialog.tsx';
import { SensorAlertDialog } from './SensorAlertDialog.tsx';
import { SubscriptionDialog, type SubscriptionTarget } from './SubscriptionDialog.tsx';

type Editing =
  | { kind: 'sensor'; alert: SensorAlert | null }
  | { kind: 'lock'; alert: LockAlert | null }
  | null;
type Deleting = { kind: 'sensor'; alert: SensorAlert } | { kind: 'lock'; alert: LockAlert } | null;

/** Every list of the scope is asked again when its alerts channel says a definition changed. */
function useLiveAlerts(scopeId: string) {
  const queryClient = useQueryClient();
  useLiveTopic(scopeId ? live.alerts(scopeId) : null, (message) => {
    if ((message as { type?: string } | null)?.type === 'alertRules')
      void queryClient.invalidateQueries({ queryKey: alertsKey(scopeId) });
  });
}

/**
 * /cli/alerts?scopeId= (spec 002 sections 2-9, docs/alerts.md): the customer's sensor, system and lock alerts,
 * searched ignoring case and spaces, with create, edit and delete for ALERTS_WRITE (or a support e-mail on the
 * support tenant), and the support tenant's own Email and SMS subscriptions.
 */
export function AlertsPage() {
  const t = useT('alerts');
  const messageText = useMessageText();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const scopeId = searchParams.get('scopeId') || session.tenantId;
  const viewerId = session.user?.id ?? '';
  const notify = useNotify();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const pageSize = pageSizeFrom(rowsPerPageFor(session, ALERTS_LIST_NAME, ALERT_TABLE_DEFAULT_SIZE));
  const sensor = useSensorAlerts(scopeId);
  const lock = useLockAlerts(scopeId);
  useLiveAlerts(scopeId);
  const canWrite = !!sensor.data?.canWrite;
  const support = !!sensor.data?.supportTenant;
  const receivers = useAlertReceivers(scopeId, !!sensor.data);
  const users = receivers.data ?? [];
  const knownPhone = users.find((user) => user.id === viewerId)?.phoneNumber ?? null;
  const usersFixed = session.tenantKind === 'free_tier' && !session.isRootUser;

  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [subscription, setSubscription] = useState<SubscriptionTarget | null>(null);
  const [routing, setRouting] = useState<{ ruleId: string; name: string } | null>(null);
  const deleteSensor = useDeleteSensorAlert(scopeId);
  const deleteLock = useDeleteLockAlert(scopeId);

  const sensorAlerts = (sensor.data?.alerts ?? []).filter((alert) => matchesSensorAlert(alert, search));
  const lockAlerts = (lock.data?.alerts ?? []).filter((alert) => matchesLockAlert(alert, search));

  const confirmDelete = () => {
    if (!deleting) return;
    const done = {
      onSuccess: (result: { message: string; publishMessage?: string | null }) => {
        notify({ variant: 'success', text: result.message });
        if (result.publishMessage)
          notify({
            variant: result.publishMessage === alertMessages.published ? 'success' : 'error',
            text: result.publishMessage,
          });
      },
      onError: () => notify({ variant: 'error', text: alertMessages.deleteFailed }),
      onSettled: () => setDeleting(null),
    };
    if (deleting.kind === 'sensor') deleteSensor.mutate(deleting.alert.id, done);
    else deleteLock.mutate({ id: deleting.alert.alertId, type: deleting.alert.alertType }, done);
  };

  const sensorTable = (system: boolean) => (
    <SensorAlertsTable
      title={system ? t('sections.system') : t('sections.sensor')}
      emptyText={system ? alertMessages.noSystemAlerts : alertMessages.noSensorAlerts}
      alerts={sensorAlerts.filter((alert) => alert.system === system)}
      pageSize={pageSize}
      canWrite={canWrite}
      support={support}
      viewerId={viewerId}
      onEdit={(alert) => setEditing({ kind: 'sensor', alert })}
      onDelete={(alert) => setDeleting({ kind: 'sensor', alert })}
      onToggle={(alert, channel, on) => setSubscription({ alert, channel, subscribed: on })}
      // The support tenant's alerts reach their subscribers only: no escalation or hooks of their own.
      onRouting={support ? undefined : (alert) => setRouting({ ruleId: alert.id, name: alert.alertName })}
    />
  );

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {sensor.data && !canWrite && <ViewOnlyNotice what={t('viewOnlyWhat')} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <SearchField value={searchText} onChange={setSearchText} />
        {canWrite && (
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setEditing({ kind: 'sensor', alert: null })}
            >
              {t('createAlert')}
            </Button>
            {!support && (
              <Button
                variant="outlined"
                startIcon={<AddOutlined />}
                onClick={() => setEditing({ kind: 'lock', alert: null })}
              >
                {t('createLockAlert')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      {(sensor.isPending || lock.isPending) && <ProgressStatus text={messageText(alertMessages.fetching)} />}
      {sensor.isError && <Alert severity="error">{messageText(sensor.error.message)}</Alert>}
      {sensor.data && (
        <>
          {sensorTable(false)}
          {sensorTable(true)}
        </>
      )}
      {lock.data && !support && (
        <LockAlertsTable
          alerts={lockAlerts}
          pageSize={pageSize}
          canWrite={lock.data.canWrite}
          emptyText={alertMessages.noLockAlerts}
          onEdit={(alert) => setEditing({ kind: 'lock', alert })}
          onDelete={(alert) => setDeleting({ kind: 'lock', alert })}
          onRouting={(alert) =>
            setRouting({ ruleId: alert.alertId, name: t(`lockTypes.${alert.alertType}`) })
          }
        />
      )}
      {editing?.kind === 'sensor' && (
        <SensorAlertDialog
          scopeId={scopeId}
          alert={editing.alert}
          support={support}
          usersFixed={usersFixed}
          viewerId={viewerId}
          users={users}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'lock' && (
        <LockAlertDialog
          scopeId={scopeId}
          alert={editing.alert}
          usersFixed={usersFixed}
          viewerId={viewerId}
          users={users}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('deleteDialog.title')}
          text={t('deleteDialog.text', {
            name:
              deleting.kind === 'sensor'
                ? deleting.alert.alertName
                : t(`lockTypes.${deleting.alert.alertType}`),
          })}
          confirmLabel={t('deleteDialog.confirm')}
          pending={deleteSensor.isPending || deleteLock.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
      {routing && (
        <RoutingDialog
          ruleId={routing.ruleId}
          ruleName={routing.name}
          canWrite={canWrite}
          users={users}
          onClose={() => setRouting(null)}
        />
      )}
      {subscription && (
        <SubscriptionDialog
          scopeId={scopeId}
          target={subscription}
          knownPhone={knownPhone}
          onClose={() => setSubscription(null)}
        />
      )}
    </Paper>
  );
}
