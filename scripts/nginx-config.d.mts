/** HTTP and the `/mqtt` WebSocket balanced over `upstreams`: nginx's `http`-level blocks (scripts/nginx-config.mjs). */
export function portalProxy(listen: string | number, upstreams: string[]): string;
/** nginx's configuration balancing HTTP and the `/mqtt` WebSocket over `upstreams` (scripts/nginx-config.mjs). */
export function nginxConfig(dir: string, listen: string | number, upstreams: string[]): string;
