import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

export function GatewayFirmwarePage() {
  return <PlaceholderPage title="Update Gateway Firmware" feature="firmware" />;
}
