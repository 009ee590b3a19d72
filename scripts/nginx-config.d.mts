/** nginx's configuration balancing HTTP and the `/mqtt` WebSocket over `upstreams` (scripts/nginx-config.mjs). */
export function nginxConfig(dir: string, listen: string | number, upstreams: string[]): string;
