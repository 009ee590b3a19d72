import { Alert, Box, Typography } from '@mui/material';
import { type DashboardMap, dashboardMessages, MAP_MAX_ZOOM } from '@portal/contract';
import type { TFunction } from 'i18next';
import L from 'leaflet';
import { formatNumber, useMessageText, useT } from '../../../lib/i18n/index.ts';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDetails } from '../../../lib/app-details.ts';
import { type MapView, useDashboardMap, WORLD_VIEW } from '../api/get-dashboard-map.ts';
import { gatewaysLink } from '../dashboard-links.ts';

const ONLINE = '#2e7d32';
const OFFLINE = '#c62828';

/** The view Leaflet shows, as the map call takes it (longitudes and latitudes clamped to the world). */
function viewOf(map: L.Map): MapView {
  const bounds = map.getBounds();
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return {
    zoom: Math.max(0, Math.min(MAP_MAX_ZOOM, Math.round(map.getZoom()))),
    west: round(clamp(bounds.getWest(), 180)),
    south: round(clamp(bounds.getSouth(), 90)),
    east: round(clamp(bounds.getEast(), 180)),
    north: round(clamp(bounds.getNorth(), 90)),
  };
}

/** A cluster's marker: its size, with its online share as a green ring over red. */
function clusterIcon(count: number, online: number): L.DivIcon {
  const size = count < 10 ? 34 : count < 1000 ? 42 : 52;
  const share = Math.round((online / count) * 360);
  return L.divIcon({
    className: '',
    iconSize: [size, size],
    html: `<div style="width:${size}px;height:${size}px;border-radius:50%;background:conic-gradient(${ONLINE} 0 ${share}deg, ${OFFLINE} ${share}deg 360deg);display:flex;align-items:center;justify-content:center;cursor:pointer"><span style="background:#fff;border-radius:50%;min-width:${size - 12}px;height:${size - 12}px;display:flex;align-items:center;justify-content:center;font:600 12px sans-serif;color:#222">${count}</span></div>`,
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The Locations map (docs/dashboards.md): Leaflet over MAP_TILE_URL, with the clusters and single gateways of
 * the view as the server clustered them (never every gateway). A cluster shows its online/offline split; its
 * popup zooms into it or opens the gateways list of its area. Tiles that cannot load leave a clear message, and
 * the markers are still drawn.
 */
export function LocationsMap({ scopeId, height = 360 }: { scopeId: string; height?: number }) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  // The world first (an answer that may have been asked for with the page), then what Leaflet shows.
  const [view, setView] = useState<MapView>(WORLD_VIEW);
  const [tilesFailed, setTilesFailed] = useState(false);
  const fitted = useRef(false);
  const appDetails = useAppDetails();
  const tileUrl = appDetails.data?.mapTileUrl ?? null;
  const navigate = useNavigate();
  const data = useDashboardMap(scopeId, view);
  const t = useT('dashboard');
  const messageText = useMessageText();

  // The map is made once; its tiles come when the portal's details say where from.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, {
      center: [20, 0],
      zoom: 1,
      minZoom: 0,
      maxZoom: MAP_MAX_ZOOM,
      worldCopyJump: false,
    });
    mapRef.current = map;
    layerRef.current = L.layerGroup().addTo(map);
    map.on('moveend', () => setView(viewOf(map)));
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !appDetails.isSuccess) return;
    if (!tileUrl) {
      setTilesFailed(true);
      return;
    }
    const tiles = L.tileLayer(tileUrl, {
      maxZoom: MAP_MAX_ZOOM,
      attribution: '&copy; OpenStreetMap contributors',
    });
    tiles.on('tileerror', () => setTilesFailed(true));
    tiles.addTo(map);
    return () => {
      tiles.remove();
    };
  }, [tileUrl, appDetails.isSuccess]);

  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer || !data.data) return;
    layer.clearLayers();
    draw(t, layer, map, data.data, scopeId, navigate);
    // The first answer frames the fleet (the world view asked first holds every gateway).
    if (!fitted.current && data.data.located > 0) {
      fitted.current = true;
      const frame = fleetBounds(data.data);
      if (frame) map.fitBounds(frame, { padding: [32, 32], maxZoom: 12 });
    }
  }, [t, data.data, scopeId, navigate]);

  const answer = data.data;
  return (
    <Box>
      {tilesFailed && (
        <Alert severity="warning" sx={{ mb: 1 }} role="status">
          {messageText(dashboardMessages.tilesUnavailable)}
        </Alert>
      )}
      <Box
        ref={container}
        role="region"
        aria-label={t('locations.map')}
        data-zoom={answer?.zoom}
        sx={{ height, width: '100%', bgcolor: '#eef2f5', borderRadius: 1 }}
      />
      <Typography variant="caption" color="text.secondary" role="status" aria-live="polite">
        {answer
          ? answer.located === 0
            ? messageText(dashboardMessages.noLocations)
            : t('locations.summary', {
                located: formatNumber(answer.located),
                clusters: formatNumber(answer.clusters.length),
                points: formatNumber(answer.points.length),
              }) + (answer.truncated ? t('locations.truncated') : '')
          : t('locations.loading')}
      </Typography>
    </Box>
  );
}

/** The bounds of every cluster's gateways and every single gateway of an answer. */
function fleetBounds(answer: DashboardMap): L.LatLngBounds | null {
  const corners: L.LatLngExpression[] = [
    ...answer.clusters.flatMap((c): L.LatLngExpression[] => [
      [c.bounds[1], c.bounds[0]],
      [c.bounds[3], c.bounds[2]],
    ]),
    ...answer.points.map((p): L.LatLngExpression => [p.lat, p.lng]),
  ];
  return corners.length > 0 ? L.latLngBounds(corners) : null;
}

function draw(
  t: TFunction<'dashboard'>,
  layer: L.LayerGroup,
  map: L.Map,
  answer: DashboardMap,
  scopeId: string,
  navigate: (to: string) => void,
): void {
  for (const cluster of answer.clusters) {
    const label = t('locations.cluster', {
      total: cluster.count,
      online: cluster.online,
      offline: cluster.offline,
    });
    const marker = L.marker([cluster.lat, cluster.lng], {
      icon: clusterIcon(cluster.count, cluster.online),
      title: label,
      alt: label,
      keyboard: true,
    });
    const popup = document.createElement('div');
    popup.innerHTML = `<p style="margin:0 0 8px">${escapeHtml(label)}</p>`;
    const zoomIn = document.createElement('button');
    zoomIn.type = 'button';
    zoomIn.textContent = t('locations.zoomIn');
    zoomIn.onclick = () => map.setView([cluster.lat, cluster.lng], cluster.expansionZoom);
    const list = document.createElement('button');
    list.type = 'button';
    list.textContent = t('locations.showGateways');
    list.style.marginLeft = '8px';
    list.onclick = () => navigate(gatewaysLink(scopeId, { area: cluster.bounds }));
    popup.append(zoomIn, list);
    marker.bindPopup(popup);
    // The marker is a button named by its split (Leaflet gives it role="button" and only a title).
    marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
    layer.addLayer(marker);
  }
  for (const point of answer.points) {
    const label = t(point.online ? 'locations.pointOnline' : 'locations.pointOffline', { name: point.name });
    const marker = L.circleMarker([point.lat, point.lng], {
      radius: 7,
      color: '#fff',
      weight: 2,
      fillColor: point.online ? ONLINE : OFFLINE,
      fillOpacity: 1,
    });
    marker.bindTooltip(escapeHtml(label));
    const popup = document.createElement('div');
    popup.innerHTML = `<p style="margin:0 0 8px"><strong>${escapeHtml(point.name)}</strong><br>${escapeHtml(point.tenantName)}<br>${point.online ? t('locations.online') : t('locations.offline')}</p>`;
    const open = document.createElement('button');
    open.type = 'button';
    open.textContent = t('locations.showGateway');
    open.onclick = () =>
      navigate(
        `/cli/gateways/list_view?${new URLSearchParams({ scopeId: point.scopeId, name: point.name })}`,
      );
    popup.append(open);
    marker.bindPopup(popup);
    layer.addLayer(marker);
  }
}
