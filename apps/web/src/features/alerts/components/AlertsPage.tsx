import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

export function AlertsPage() {
  return <PlaceholderPage title="Alerts" feature="alerts" />;
}
