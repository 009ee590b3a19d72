import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

export function GlobalSearchPage() {
  return <PlaceholderPage title="Global Search" feature="global search" />;
}
