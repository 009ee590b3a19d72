// nginx's configuration for portal instances behind one address, shared by `npm run cluster` (scripts/cluster.mjs),
// the cluster fault tests (apps/server/test/cluster.ts) and compose.yaml (deploy/compose/nginx.conf is
// portalProxy's text for its two instances; scripts/nginx-config.test.ts keeps them the same).

/**
 * The `http`-level part: HTTP and the `/mqtt` WebSocket balanced over `upstreams` (host:port), listening on
 * `listen` (a port, or address:port).
 * @param {string | number} listen @param {string[]} upstreams @returns {string}
 */
export function portalProxy(listen, upstreams) {
  return `map $http_upgrade $connection_upgrade { default upgrade; '' close; }
upstream portal {
  # Long-lived WebSockets count: a new browser goes to the instance holding fewer.
  least_conn;
${upstreams.map((u) => `  server ${u} max_fails=1 fail_timeout=10s;`).join('\n')}
}
server {
  listen ${listen};
  client_max_body_size 200m;
  proxy_connect_timeout 2s;
  # A refused or timed-out connection moves on to the next instance; a 503 (degraded) is the answer.
  proxy_next_upstream error timeout;
  location /mqtt {
    proxy_pass http://portal;
    proxy_http_version 1.1;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_set_header Host $host;
    proxy_read_timeout 120s;
  }
  location / {
    proxy_pass http://portal;
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  }
}
`;
}

/**
 * nginx in the foreground running portalProxy, with its pid, logs and temporary files under `dir`.
 * @param {string} dir @param {string | number} listen @param {string[]} upstreams @returns {string}
 */
export function nginxConfig(dir, listen, upstreams) {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${portalProxy(listen, upstreams).replace(/^(?=.)/gm, '  ')}}
`;
}
