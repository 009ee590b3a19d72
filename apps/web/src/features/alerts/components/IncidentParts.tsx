import { Chip } from '@mui/material';
import {
  type AlertIncident,
  LOCK_ALERT_TYPES,
  SENSOR_ALERT_TYPE_INFO,
  type SensorAlertType,
} from '@portal/contract';
import type { TFunction } from 'i18next';
import { useT } from '../../../lib/i18n/index.ts';
import { type IncidentStatus, incidentStatus } from '../incidents-view.ts';

const STATUS_COLOURS: Record<IncidentStatus, 'warning' | 'error' | 'info' | 'success'> = {
  pending: 'warning',
  firing: 'error',
  acknowledged: 'info',
  resolved: 'success',
};

export function StatusChip({ incident }: { incident: AlertIncident }) {
  const t = useT('alerts');
  const status = incidentStatus(incident);
  return <Chip size="small" label={t(`incidents.status.${status}`)} color={STATUS_COLOURS[status]} />;
}

/** 'CO2', 'Unlock', 'Gateway offline' in the language shown; a type the catalogue does not know as it is. */
export function incidentTypeText(t: TFunction<'alerts'>, incident: AlertIncident): string {
  const type = incident.alertType;
  if (type in SENSOR_ALERT_TYPE_INFO) return t(`types.${type as SensorAlertType}`);
  if ((LOCK_ALERT_TYPES as readonly string[]).includes(type))
    return t(`lockTypes.${type as (typeof LOCK_ALERT_TYPES)[number]}`);
  if (type === 'GATEWAY_OFFLINE' || type === 'NO_DATA') return t(`incidents.kinds.${type}`);
  return type;
}
