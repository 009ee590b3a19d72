import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

export function ThemeConfigPage() {
  return <PlaceholderPage title="Theme Configuration" feature="theme configuration" />;
}
