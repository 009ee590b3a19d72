import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

export function UserDashboardPage() {
  return <PlaceholderPage title="User Dashboard" feature="dashboard" />;
}
