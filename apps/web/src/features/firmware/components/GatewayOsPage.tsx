import { FirmwarePage } from './FirmwarePage.tsx';

/** /update-OS: gateway OS patches (.zip), versions of type Partial. */
export function GatewayOsPage() {
  return <FirmwarePage kind="osPatch" />;
}
