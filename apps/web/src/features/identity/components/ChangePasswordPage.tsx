import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

export function ChangePasswordPage() {
  return <PlaceholderPage title="Change Password" feature="identity" />;
}
