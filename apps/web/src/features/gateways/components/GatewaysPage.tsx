import { Typography } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { PlaceholderPage } from '../../../components/PlaceholderPage.tsx';

/** /cli/gateways, /cli/gateways/list_view and /cli/gateways/grid_view. */
export function GatewaysPage() {
  const { pathname } = useLocation();
  const view = pathname.endsWith('/list_view') ? 'List view' : 'Grid view';
  return (
    <PlaceholderPage title="Gateways" feature="gateways">
      <Typography gutterBottom>{view}</Typography>
    </PlaceholderPage>
  );
}
