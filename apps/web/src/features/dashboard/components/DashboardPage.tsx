import { Typography } from '@mui/material';
import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';
import { useSession } from '../../../lib/session.ts';

/** /cli/dashboard?scopeId=..., the customer home. */
export function DashboardPage() {
  const { tenantName } = useSession();
  return (
    <PlaceholderPage title="Dashboard" feature="dashboard">
      <Typography variant="h6" component="p" gutterBottom>
        {tenantName}
      </Typography>
    </PlaceholderPage>
  );
}
