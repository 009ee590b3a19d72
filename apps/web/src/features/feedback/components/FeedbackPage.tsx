import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

export function FeedbackPage() {
  return <PlaceholderPage title="Feedback" feature="feedback" />;
}
