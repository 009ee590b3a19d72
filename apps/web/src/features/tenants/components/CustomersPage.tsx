import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

/** /admin/tenants, the root user's home. */
export function CustomersPage() {
  return <PlaceholderPage title="Customers" feature="customers" />;
}
