import { Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { Tile } from './FleetCharts.tsx';
import { WhenVisible } from './WhenVisible.tsx';

/** Leaflet comes with the map only, once its place is in view (after the figures are on screen). */
const LocationsMap = lazy(async () => ({ default: (await import('./LocationsMap.tsx')).LocationsMap }));

/** The dashboards' Locations tile: the map of the scope's gateways. */
export function LocationsTile({ scopeId, height = 360 }: { scopeId: string; height?: number }) {
  return (
    <Tile>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Locations
      </Typography>
      <WhenVisible height={height}>
        <Suspense fallback={<CenteredProgress label="Loading the map" />}>
          <LocationsMap scopeId={scopeId} height={height} />
        </Suspense>
      </WhenVisible>
    </Tile>
  );
}
