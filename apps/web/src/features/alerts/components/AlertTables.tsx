import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import {
  Box,
  Checkbox,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { type LockAlert, SENSOR_ALERT_TYPE_INFO, type SensorAlert } from '@portal/contract';
import type { TFunction } from 'i18next';
import { Fragment, useState } from 'react';
import { EmailText } from '../../../components/EmailText.tsx';
import { EmptyTableRow } from '../../../components/EmptyTableRow.tsx';
import { usePaginationProps } from '../../../components/ListPagination.tsx';
import { formatNumber, useMessageText, useT } from '../../../lib/i18n/index.ts';
import { sessionStore } from '../../../lib/session.ts';
import {
  ALERT_TABLE_SIZES,
  ALERTS_LIST_NAME,
  intervalLabel,
  pageOf,
  sensorTypeText,
} from '../alerts-view.ts';

/** Columns that give way on phones (below 600 px), where a row keeps its name, type and actions. */
const wide = { display: { xs: 'none', sm: 'table-cell' } };

interface RowActionsProps {
  name: string;
  /** Edit and delete: ALERTS_WRITE. */
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** 'Escalation & channels', for readers too (read-only there); absent where a rule has none. */
  onRouting?: () => void;
}

function RowActions({ name, canWrite, onEdit, onDelete, onRouting }: RowActionsProps) {
  const t = useT('alerts');
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {onRouting && (
        <Tooltip title={t('routing.action')}>
          <IconButton aria-label={t('routing.actionName', { name })} onClick={onRouting} size="small">
            <NotificationsActiveOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canWrite && <EditDelete name={name} onEdit={onEdit} onDelete={onDelete} />}
    </Box>
  );
}

function EditDelete({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const t = useT('alerts');
  return (
    <>
      <Tooltip title={t('table.edit')}>
        <IconButton aria-label={t('table.editName', { name })} onClick={onEdit} size="small">
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('table.delete')}>
        <IconButton aria-label={t('table.deleteName', { name })} onClick={onDelete} size="small">
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

function Section<T>({
  title,
  items,
  pageSize,
  children,
}: {
  title: string;
  items: readonly T[];
  pageSize: number;
  children: (rows: T[]) => React.ReactNode;
}) {
  const t = useT('alerts');
  const paginationProps = usePaginationProps();
  const [page, setPage] = useState(0);
  const last = Math.max(0, Math.ceil(items.length / pageSize) - 1);
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('sections.heading', { title, count: formatNumber(items.length) })}
      </Typography>
      <TableContainer>{children(pageOf(items, page, pageSize))}</TableContainer>
      {items.length > 0 && (
        <TablePagination
          {...paginationProps}
          component="div"
          count={items.length}
          page={Math.min(page, last)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...ALERT_TABLE_SIZES]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            sessionStore.setRowsPerPage(ALERTS_LIST_NAME, Number(event.target.value));
            setPage(0);
          }}
        />
      )}
    </Box>
  );
}

interface SensorTableProps {
  title: string;
  emptyText: string;
  alerts: readonly SensorAlert[];
  pageSize: number;
  canWrite: boolean;
  /** The support tenant: the Email and SMS columns, the signed-in user's own subscriptions. */
  support: boolean;
  viewerId: string;
  onEdit: (alert: SensorAlert) => void;
  onDelete: (alert: SensorAlert) => void;
  onToggle: (alert: SensorAlert, channel: 'email' | 'sms', subscribed: boolean) => void;
  onRouting?: (alert: SensorAlert) => void;
}

export const subscribed = (alert: SensorAlert, viewerId: string, channel: 'email' | 'sms') =>
  alert.receivers.some(
    (r) => r.userId === viewerId && (channel === 'email' ? r.email !== null : r.phoneNumber !== null),
  );

/** Sensor or system alerts: name, type, threshold, waiting time, users; Email and SMS on the support tenant. */
export function SensorAlertsTable(props: SensorTableProps) {
  const { alerts, support, canWrite, viewerId } = props;
  const t = useT('alerts');
  const messageText = useMessageText();
  const actions = canWrite || !!props.onRouting;
  const columns = 4 + (support ? 2 : 0) + (actions ? 1 : 0) + 1;
  return (
    <Section title={props.title} items={alerts} pageSize={props.pageSize}>
      {(rows) => (
        <Table size="small" aria-label={props.title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('table.alertName')}</TableCell>
              <TableCell>{t('table.type')}</TableCell>
              <TableCell sx={wide}>{t('table.threshold')}</TableCell>
              <TableCell sx={wide}>{t('table.waitingTime')}</TableCell>
              <TableCell sx={wide}>{t('table.users')}</TableCell>
              {support && <TableCell>{t('channel.email')}</TableCell>}
              {support && <TableCell>{t('channel.sms')}</TableCell>}
              {actions && <TableCell align="right">{t('table.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && <EmptyTableRow colSpan={columns} text={messageText(props.emptyText)} />}
            {rows.map((alert) => {
              const unit = SENSOR_ALERT_TYPE_INFO[alert.alertType].unit;
              return (
                <TableRow key={alert.id} hover aria-label={alert.alertName}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {alert.alertName}
                  </TableCell>
                  <TableCell>{sensorTypeText(t, alert.alertType, alert.thresholdType)}</TableCell>
                  <TableCell sx={wide}>
                    {alert.threshold === null
                      ? '-'
                      : `${alert.thresholdType === 'less_than' ? '<' : '>'} ${formatNumber(alert.threshold)} ${unit}`}
                  </TableCell>
                  <TableCell sx={wide}>
                    {t('table.seconds', { value: formatNumber(alert.waitingTime) })}
                  </TableCell>
                  <TableCell sx={wide}>{alert.receiversLength}</TableCell>
                  {support &&
                    (['email', 'sms'] as const).map((channel) => {
                      const on = subscribed(alert, viewerId, channel);
                      const label = t('table.subscriptions', {
                        channel: t(`channel.${channel}`),
                        name: alert.alertName,
                      });
                      return (
                        <TableCell key={channel} padding="checkbox">
                          <Checkbox
                            checked={on}
                            slotProps={{ input: { 'aria-label': label } }}
                            onChange={() => props.onToggle(alert, channel, on)}
                          />
                        </TableCell>
                      );
                    })}
                  {actions && (
                    <TableCell align="right">
                      <RowActions
                        name={alert.alertName}
                        canWrite={canWrite}
                        onEdit={() => props.onEdit(alert)}
                        onDelete={() => props.onDelete(alert)}
                        onRouting={props.onRouting && (() => props.onRouting?.(alert))}
                      />
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

interface LockTableProps {
  alerts: readonly LockAlert[];
  pageSize: number;
  canWrite: boolean;
  emptyText: string;
  onEdit: (alert: LockAlert) => void;
  onDelete: (alert: LockAlert) => void;
  onRouting?: (alert: LockAlert) => void;
}

function lockDetail(t: TFunction<'alerts'>, alert: LockAlert): string {
  if (alert.alertType === 'BATTERY_LOW')
    return t('condition.battery', {
      level: formatNumber(alert.batteryLevel ?? 0),
      interval: intervalLabel(t, Number(alert.intervalTime)),
    });
  if (alert.alertType === 'RFID')
    return t('condition.rfid', {
      threshold: alert.rfidThreshold,
      interval: intervalLabel(t, Number(alert.rfidScheduleTime)),
    });
  return t('condition.unlock');
}

/** Lock alerts: type, what fires it, receivers. */
export function LockAlertsTable(props: LockTableProps) {
  const t = useT('alerts');
  const messageText = useMessageText();
  const actions = props.canWrite || !!props.onRouting;
  const columns = 3 + (actions ? 1 : 0);
  return (
    <Section title={t('sections.lock')} items={props.alerts} pageSize={props.pageSize}>
      {(rows) => (
        <Table size="small" aria-label={t('sections.lock')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('table.alertType')}</TableCell>
              <TableCell sx={wide}>{t('table.condition')}</TableCell>
              <TableCell>{t('table.receivers')}</TableCell>
              {actions && <TableCell align="right">{t('table.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && <EmptyTableRow colSpan={columns} text={messageText(props.emptyText)} />}
            {rows.map((alert) => (
              <TableRow key={alert.alertId} hover aria-label={t(`lockTypes.${alert.alertType}`)}>
                <TableCell component="th" scope="row">
                  {t(`lockTypes.${alert.alertType}`)}
                </TableCell>
                <TableCell sx={wide}>{lockDetail(t, alert)}</TableCell>
                <TableCell>
                  {alert.receiverUsers.map((user, i) => (
                    <Fragment key={user.userId}>
                      {i > 0 && ', '}
                      {user.name || <EmailText email={user.email} />}
                    </Fragment>
                  ))}
                </TableCell>
                {actions && (
                  <TableCell align="right">
                    <RowActions
                      name={t(`lockTypes.${alert.alertType}`)}
                      canWrite={props.canWrite}
                      onEdit={() => props.onEdit(alert)}
                      onDelete={() => props.onDelete(alert)}
                      onRouting={props.onRouting && (() => props.onRouting?.(alert))}
                    />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
