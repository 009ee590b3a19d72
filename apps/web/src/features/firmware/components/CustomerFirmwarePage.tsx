import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

export function CustomerFirmwarePage() {
  return <PlaceholderPage title="Customer Firmware App" feature="firmware" />;
}
