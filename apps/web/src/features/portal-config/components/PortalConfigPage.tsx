import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

export function PortalConfigPage() {
  return <PlaceholderPage title="Manage Graph Online-Offline Feature" feature="portal configuration" />;
}
