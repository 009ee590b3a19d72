import type { Scope } from '@portal/contract';
import { formatFirmware } from '../../components/gateway-display.ts';
import { onlineTotal, textOrDash } from './customer-display.ts';
import type { CustomerSortBy } from './customers-list.ts';

export interface DetailColumn {
  /** Its heading: `columns.{label}` of the tenants catalogue. */
  label: 'customerId' | 'onlineTotal' | 'firmware' | 'os' | 'partialOs';
  sortBy: CustomerSortBy;
  text: (scope: Scope) => string;
}

/** The columns after Name (spec 000 section 2), each sortable on the server. */
export const DETAIL_COLUMNS: readonly DetailColumn[] = [
  { label: 'customerId', sortBy: 'customerId', text: (scope) => textOrDash(scope.customerId) },
  { label: 'onlineTotal', sortBy: 'onlineDevicesCount', text: onlineTotal },
  {
    label: 'firmware',
    sortBy: 'firmwareVersion',
    text: (scope) => formatFirmware(scope.firmwareVersion),
  },
  { label: 'os', sortBy: 'osVersion', text: (scope) => textOrDash(scope.osVersion) },
  { label: 'partialOs', sortBy: 'osPatch', text: (scope) => textOrDash(scope.osPatch) },
];
