import { Box } from '@mui/material';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useRef } from 'react';
import { useT } from '../../../lib/i18n/index.ts';

/** Street level: close enough to see the building's block. */
const ZOOM = 15;

const markerImages = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

interface LocationMapProps {
  lat: number;
  lng: number;
  /** The marker's name (its alternative text and tooltip). */
  label: string;
  /** Tile URL template ({z}/{x}/{y}); without one the map shows the marker on a blank ground. */
  tileUrl: string | null;
}

/**
 * A Leaflet map centred on one marker. Tiles that fail to load (no internet, a wrong URL) only leave the
 * ground blank: Leaflet reports them as `tileerror` events, which nothing here listens to.
 */
export function LocationMap({ lat, lng, label, tileUrl }: LocationMapProps) {
  const t = useT('gateways');
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, { center: [lat, lng], zoom: ZOOM });
    if (tileUrl) {
      L.tileLayer(tileUrl, { maxZoom: 19, attribution: '&copy; OpenStreetMap contributors' }).addTo(map);
    }
    L.marker([lat, lng], { icon: markerImages, alt: label, title: label }).addTo(map);
    // The dialog opens with a transition: measure again whenever the box changes size.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      map.remove();
    };
  }, [lat, lng, label, tileUrl]);

  return (
    <Box
      ref={container}
      role="region"
      aria-label={t('location.map')}
      sx={{ height: '100%', width: '100%' }}
    />
  );
}
