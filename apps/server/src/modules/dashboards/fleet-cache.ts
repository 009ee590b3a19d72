import { type DashboardMap, MAP_CLUSTER_MAX_ZOOM, MAP_MAX_POINTS, type MapCluster } from '@portal/contract';
import Supercluster from 'supercluster';
import type { LocatedGateway } from './dashboards.repository.ts';

/** What one gateway carries into the index, and what a cluster sums of its gateways. */
interface PointProps {
  i: number;
  online: number;
  w: number;
  s: number;
  e: number;
  n: number;
}

/** The cluster radius in pixels of a 256-pixel tile (Leaflet's), as the browser draws the markers. */
const RADIUS_PX = 60;

/**
 * The located gateways of one subtree in a supercluster index: built once per fingerprint, then every view
 * (zoom and bounds) is answered from memory, so the browser receives clusters, not 100,000 markers.
 */
export class FleetClusters {
  private readonly index: Supercluster<PointProps, PointProps>;

  constructor(
    private readonly gateways: LocatedGateway[],
    private readonly tenantNames: Map<string, string>,
  ) {
    this.index = new Supercluster<PointProps, PointProps>({
      radius: RADIUS_PX,
      extent: 256,
      maxZoom: MAP_CLUSTER_MAX_ZOOM,
      map: (props) => ({ ...props }),
      reduce: (acc, props) => {
        acc.online += props.online;
        acc.w = Math.min(acc.w, props.w);
        acc.s = Math.min(acc.s, props.s);
        acc.e = Math.max(acc.e, props.e);
        acc.n = Math.max(acc.n, props.n);
      },
    });
    this.index.load(
      gateways.map((g, i) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [g.lng, g.lat] },
        properties: { i, online: g.connected ? 1 : 0, w: g.lng, s: g.lat, e: g.lng, n: g.lat },
      })),
    );
  }

  get located(): number {
    return this.gateways.length;
  }

  /** The clusters and single gateways of one view; at most MAP_MAX_POINTS single gateways. */
  view(zoom: number, bounds: { west: number; south: number; east: number; north: number }): DashboardMap {
    const features = this.index.getClusters([bounds.west, bounds.south, bounds.east, bounds.north], zoom);
    const clusters: MapCluster[] = [];
    const points: DashboardMap['points'] = [];
    let truncated = false;
    for (const feature of features) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties as PointProps & {
        cluster?: boolean;
        cluster_id?: number;
        point_count?: number;
      };
      if (props.cluster) {
        const count = props.point_count ?? 0;
        clusters.push({
          id: props.cluster_id ?? 0,
          lat,
          lng,
          count,
          online: props.online,
          offline: count - props.online,
          expansionZoom: Math.min(
            this.index.getClusterExpansionZoom(props.cluster_id ?? 0),
            MAP_CLUSTER_MAX_ZOOM + 1,
          ),
          bounds: [props.w, props.s, props.e, props.n],
        });
      } else if (points.length >= MAP_MAX_POINTS) {
        truncated = true;
      } else {
        const gateway = this.gateways[props.i]!;
        points.push({
          macId: gateway.mac,
          // Named by the service for the gateways of this view only.
          name: '',
          lat: gateway.lat,
          lng: gateway.lng,
          online: gateway.connected,
          scopeId: gateway.tenant_id,
          tenantName: this.tenantNames.get(gateway.tenant_id) ?? '',
        });
      }
    }
    return { zoom, clusters, points, located: this.gateways.length, truncated };
  }
}
