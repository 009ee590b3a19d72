import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

export function GlobalDashboardPage() {
  return <PlaceholderPage title="Global Dashboard" feature="dashboard" />;
}
