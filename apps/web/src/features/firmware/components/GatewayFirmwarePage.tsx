import { FirmwarePage } from './FirmwarePage.tsx';

/** /upgrade-firmware: gateway firmware (.pyc), versions of type RASPI. */
export function GatewayFirmwarePage() {
  return <FirmwarePage kind="firmware" />;
}
