/**
 * The alert rules as the engine reads them. The alerts module (definitions, their pages and calls) implements
 * this port; the engine never reads its tables.
 */
export interface AlertReceiver {
  userId: string;
  name: string;
  email: string;
  phone: string | null;
  email_on: boolean;
  sms_on: boolean;
}

export interface AlertRule {
  id: string;
  tenantId: string;
  name: string;
  kind: 'sensor' | 'lock';
  /** Spec type, e.g. 'CO2', 'TEMPERATURE', ..., 'BATTERY_LOW', 'UNLOCK', 'RFID' (HIGH_CO2 style names too). */
  type: string;
  thresholdType: 'HIGH' | 'LOW' | null;
  threshold: number | null;
  waitingSeconds: number;
  repeatIntervalDays: number | null;
  scheduleDays: number | null;
  receivers: AlertReceiver[];
  emailAlert: boolean;
  smsAlert: boolean;
}

export interface AlertRulesReader {
  rulesForTenants(tenantIds: readonly string[]): Promise<AlertRule[]>;
  onChanged(listener: (tenantId: string) => void): void;
}
