import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

export function AgentConfigPage() {
  return <PlaceholderPage title="Agent Config" feature="agent configuration" />;
}
