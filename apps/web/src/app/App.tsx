import { AppProviders } from './providers.tsx';
import { AppRoutes } from './routes/AppRoutes.tsx';

export function App() {
  return (
    <AppProviders>
      <AppRoutes />
    </AppProviders>
  );
}
