import { CenteredProgress } from '../components/CenteredProgress.tsx';
import { useBrowserSession } from './browser-session.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './routes/AppRoutes.tsx';

export function App() {
  const ready = useBrowserSession();
  return <AppProviders>{ready ? <AppRoutes /> : <CenteredProgress />}</AppProviders>;
}
