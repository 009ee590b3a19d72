import type { Scope } from '@portal/contract';
import { formatFirmware } from '../../components/gateway-display.ts';
import { onlineTotal, textOrDash } from './customer-display.ts';
import type { CustomerSortBy } from './customers-list.ts';

export interface DetailColumn {
  label: string;
  sortBy: CustomerSortBy;
  text: (scope: Scope) => string;
}

/** The columns after Name (spec 000 section 2), each sortable on the server. */
export const DETAIL_COLUMNS: readonly DetailColumn[] = [
  { label: 'Customer ID', sortBy: 'customerId', text: (scope) => textOrDash(scope.customerId) },
  { label: 'Online / Total', sortBy: 'onlineDevicesCount', text: onlineTotal },
  {
    label: 'Gateway Firmware',
    sortBy: 'firmwareVersion',
    text: (scope) => formatFirmware(scope.firmwareVersion),
  },
  { label: 'Gateway OS', sortBy: 'osVersion', text: (scope) => textOrDash(scope.osVersion) },
  { label: 'Partial OS', sortBy: 'osPatch', text: (scope) => textOrDash(scope.osPatch) },
];
