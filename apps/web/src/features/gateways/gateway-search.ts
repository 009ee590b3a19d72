import { formatFirmware } from './gateway-display.ts';

/** What the page search looks at (spec 001 section 2: name, MAC, firmware, OS version and status). */
export interface SearchableGateway {
  name: string;
  macId: string;
  firmware: string | null;
  OSversion: string | null;
  deviceStatus: string;
}

/** Case and spaces do not count. */
export function squash(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}

function searchableTexts(gateway: SearchableGateway): string[] {
  return [
    gateway.name,
    gateway.macId,
    gateway.firmware ?? '',
    // The firmware as the card shows it ('FW 2024-05-12') is found as well as the raw 'v2024-05-12'.
    gateway.firmware ? formatFirmware(gateway.firmware) : '',
    gateway.OSversion ?? '',
    gateway.deviceStatus,
  ];
}

/** Whether the search text (ignoring case and spaces) is part of one of the gateway's searchable fields. */
export function matchesGatewaySearch(gateway: SearchableGateway, text: string): boolean {
  const wanted = squash(text);
  if (wanted === '') return true;
  return searchableTexts(gateway).some((field) => squash(field).includes(wanted));
}
