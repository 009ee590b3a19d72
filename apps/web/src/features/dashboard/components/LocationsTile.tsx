import { Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { Tile } from './FleetCharts.tsx';
import { WhenVisible } from './WhenVisible.tsx';

let loading: Promise<typeof import('./LocationsMap.tsx')> | undefined;

/** The map's code (Leaflet with it), loaded once; a screen that surely shows the map starts it early. */
export function loadLocationsMap(): Promise<typeof import('./LocationsMap.tsx')> {
  loading ??= import('./LocationsMap.tsx').catch((error: unknown) => {
    loading = undefined; // a chunk that failed to arrive is asked for again next time
    throw error;
  });
  return loading;
}

const LocationsMap = lazy(async () => ({ default: (await loadLocationsMap()).LocationsMap }));

/**
 * The dashboards' Locations tile: the map of the scope's gateways. Leaflet comes with the map only: once its
 * place is in view (a customer's Dashboard, whose first screen keeps within its budget), or at once (`eager`:
 * root's Global Dashboard, which starts loading it with the page).
 */
export function LocationsTile({
  scopeId,
  height = 360,
  eager = false,
}: {
  scopeId: string;
  height?: number;
  eager?: boolean;
}) {
  const t = useT('dashboard');
  const map = (
    <Suspense fallback={<CenteredProgress label={t('locations.loadingMap')} />}>
      <LocationsMap scopeId={scopeId} height={height} />
    </Suspense>
  );
  return (
    <Tile>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('locations.title')}
      </Typography>
      {eager ? map : <WhenVisible height={height}>{map}</WhenVisible>}
    </Tile>
  );
}
