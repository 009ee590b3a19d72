import { type DashboardMap, MAP_CLUSTER_MAX_ZOOM, MAP_MAX_POINTS, type MapCluster } from '@portal/contract';
import Supercluster from 'supercluster';
import { byMac, type GatewayChange, type LocatedGateway } from './dashboards.repository.ts';

/**
 * What one gateway carries into the index, and what a cluster keeps: positional only (a node of the cluster
 * tree, and the bounds of its gateways). Connectivity is not in the index: it changes all the time.
 */
interface PointProps {
  /** Node of the cluster tree: a gateway's index in `gateways`, or a cluster's (numbered from their count). */
  i: number;
  w: number;
  s: number;
  e: number;
  n: number;
}

/** The cluster radius in pixels of a 256-pixel tile (Leaflet's), as the browser draws the markers. */
const RADIUS_PX = 60;

/**
 * The located gateways of one subtree in a supercluster index built from their positions only: every view
 * (zoom and bounds) is answered from memory, so the browser receives clusters, not 100,000 markers.
 *
 * Connectivity lives beside the index (docs/dashboards.md "Map index"): each gateway is a leaf of the cluster
 * tree (which cluster it joined at each zoom, recorded while supercluster reduces), each cluster keeps its online
 * count, and a gateway going online or offline adds or takes one along its path to the root (at most one cluster
 * per zoom level). The index itself is built again only when the set of located gateways or a position changes.
 * `gateways` are sorted by MAC, so an index rebuilt from memory is the one a fresh read of the database builds.
 */
export class FleetClusters {
  private readonly index: Supercluster<PointProps, PointProps>;
  /** The cluster a node joined (-1: none, the top of its tree). */
  private readonly parent: Int32Array;
  /** Gateways online under each node (a gateway's own: 0 or 1). */
  private readonly online: Int32Array;
  /**
   * Gateways whose place or customer changed since this index was built, while a new one is being built off
   * the request path: not shown as single points (their clusters still count them until the new index replaces
   * this one, docs/dashboards.md "Map index").
   */
  private readonly hidden = new Set<string>();

  constructor(
    private readonly gateways: LocatedGateway[],
    readonly tenantNames: Map<string, string>,
  ) {
    const count = gateways.length;
    // A cluster joins at least two nodes: fewer clusters than gateways.
    const parent = new Int32Array(Math.max(1, 2 * count)).fill(-1);
    // The cluster whose members are being reduced: supercluster reduces one new cluster's members in a row.
    let current: PointProps | undefined;
    let nextNode = count;
    this.index = new Supercluster<PointProps, PointProps>({
      radius: RADIUS_PX,
      extent: 256,
      maxZoom: MAP_CLUSTER_MAX_ZOOM,
      map: (props) => ({ i: props.i, w: props.w, s: props.s, e: props.e, n: props.n }),
      // A new cluster starts as a copy of its first member's properties, then meets each other member here.
      reduce: (acc, props) => {
        if (acc !== current) {
          current = acc;
          const node = nextNode++;
          parent[acc.i] = node;
          acc.i = node;
        }
        parent[props.i] = acc.i;
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
        properties: { i, w: g.lng, s: g.lat, e: g.lng, n: g.lat },
      })),
    );
    this.parent = parent;
    this.online = new Int32Array(parent.length);
    for (let i = 0; i < count; i++) if (gateways[i]!.connected) this.addOnline(i, 1);
  }

  get located(): number {
    return this.gateways.length;
  }

  /** The gateways, in MAC order (a copy: the index's own change with connectivity). */
  snapshot(): LocatedGateway[] {
    return this.gateways.map((g) => ({ ...g }));
  }

  /**
   * The changes read from the database since this index's last read: connectivity is applied in place and
   * `this` returned; when a gateway joined or left the map, moved, or changed customer, the gateways to build a
   * new index from (in MAC order), this one left as it was.
   */
  apply(changes: GatewayChange[]): FleetClusters | LocatedGateway[] {
    const positional = changes.some((change) => {
      const i = this.indexOf(change.mac);
      if (i < 0) return change.lat !== null && change.lng !== null;
      const gateway = this.gateways[i]!;
      return (
        change.lat !== gateway.lat || change.lng !== gateway.lng || change.tenant_id !== gateway.tenant_id
      );
    });
    if (!positional) {
      for (const change of changes) {
        const i = this.indexOf(change.mac);
        if (i >= 0) this.setConnected(i, change.connected);
      }
      return this;
    }
    const byMacChange = new Map(changes.map((change) => [change.mac, change]));
    const next: LocatedGateway[] = [];
    for (const gateway of this.gateways) {
      if (!byMacChange.has(gateway.mac)) next.push({ ...gateway });
    }
    for (const change of byMacChange.values()) {
      if (change.lat === null || change.lng === null) continue;
      next.push({
        mac: change.mac,
        tenant_id: change.tenant_id,
        connected: change.connected,
        lat: change.lat,
        lng: change.lng,
      });
    }
    return next.sort(byMac);
  }

  /**
   * The changes applied to this index while a new one is built from them: connectivity in place, gateways that
   * moved (or left the map) hidden from the single points until the new index replaces this one.
   */
  interim(changes: GatewayChange[]): void {
    for (const change of changes) {
      const i = this.indexOf(change.mac);
      if (i < 0) continue;
      const gateway = this.gateways[i]!;
      if (
        change.lat !== gateway.lat ||
        change.lng !== gateway.lng ||
        change.tenant_id !== gateway.tenant_id
      ) {
        this.hidden.add(change.mac);
      } else {
        this.hidden.delete(change.mac);
        this.setConnected(i, change.connected);
      }
    }
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
        const online = this.online[props.i]!;
        clusters.push({
          id: props.cluster_id ?? 0,
          lat,
          lng,
          count,
          online,
          offline: count - online,
          expansionZoom: Math.min(
            this.index.getClusterExpansionZoom(props.cluster_id ?? 0),
            MAP_CLUSTER_MAX_ZOOM + 1,
          ),
          bounds: [props.w, props.s, props.e, props.n],
        });
      } else if (this.hidden.has(this.gateways[props.i]!.mac)) {
        // Moved since this index was built: shown where it is once the new index is in place.
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

  private setConnected(i: number, connected: boolean): void {
    const gateway = this.gateways[i]!;
    if (gateway.connected === connected) return;
    gateway.connected = connected;
    this.addOnline(i, connected ? 1 : -1);
  }

  /** Adds to a gateway and every cluster above it (one per zoom level at most). */
  private addOnline(node: number, delta: number): void {
    for (let n = node; n >= 0; n = this.parent[n]!) this.online[n] = this.online[n]! + delta;
  }

  /** The gateway's index (binary search over the MAC order), or -1. */
  private indexOf(mac: string): number {
    let low = 0;
    let high = this.gateways.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.gateways[middle]!.mac;
      if (found === mac) return middle;
      if (found < mac) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}
