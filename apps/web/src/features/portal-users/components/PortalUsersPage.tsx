import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

export function PortalUsersPage() {
  return <PlaceholderPage title="Users" feature="portal users" />;
}
