import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

export function GatewayOsPage() {
  return <PlaceholderPage title="Update Gateway OS" feature="firmware" />;
}
