import { FirmwarePage } from './FirmwarePage.tsx';

/** /customer-firmware: the customer firmware app (.zip), versions of type CustomerFW. */
export function CustomerFirmwarePage() {
  return <FirmwarePage kind="customerFw" />;
}
