import { ENGLISH_MESSAGES, statusOf, type Reason } from '@wallet/contract';

/**
 * nginx in front of several server instances: the site (upstream and
 * server blocks, what docs/deploy.md shows and a production nginx includes)
 * and, for a local run, a whole configuration around it that an
 * unprivileged nginx runs from a folder of its own.
 */

export interface NginxSiteOptions {
  /** Where nginx listens, e.g. `80` or `127.0.0.1:8080`. */
  listen: string;
  /** `host:port` of each instance. */
  instances: string[];
  /**
   * Load balancers in front of nginx whose X-Forwarded-For names the client
   * (addresses or CIDR ranges). Empty when nginx is the edge: the client's
   * own address is then the only one passed on, so it cannot be forged.
   */
  trustedProxies?: string[];
}

/** Uploads are at most 5 MiB, sent as multipart; other bodies at most 1 MiB. The instances answer anything larger themselves. */
const CLIENT_MAX_BODY = '6m';

/** A body in the API's envelope, for the answers nginx gives itself, so clients see the same shape as from an instance. */
function envelope(reason: Reason): string {
  const json = JSON.stringify({ code: statusOf(reason), mess: ENGLISH_MESSAGES.reason[reason], data: { reason } });
  // Inside an nginx single-quoted string: no quote may end it and no `$` may read as a variable.
  return json.replace(/'/g, '\\u0027').replace(/\$/g, '\\u0024');
}

function realIpLines(trustedProxies: string[]): string[] {
  if (trustedProxies.length === 0) return [];
  return [
    '    # The client is the last address in X-Forwarded-For not added by a trusted load balancer.',
    ...trustedProxies.map((address) => `    set_real_ip_from ${address};`),
    '    real_ip_header X-Forwarded-For;',
    '    real_ip_recursive on;',
    '',
  ];
}

export function renderNginxSite(options: NginxSiteOptions): string {
  const servers = options.instances.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`);
  return [
    'upstream wallet_instances {',
    ...servers,
    '    # Idle connections kept open to the instances, per worker: no TCP handshake per request.',
    '    keepalive 32;',
    '    # Shorter than the instances\' keep-alive (Fastify: 72 s), so nginx, not an instance, closes an idle connection.',
    '    keepalive_timeout 60s;',
    '}',
    '',
    'server {',
    `    listen ${options.listen};`,
    '    # The instances compress what is worth it; nginx passes answers as they come.',
    '    gzip off;',
    `    client_max_body_size ${CLIENT_MAX_BODY};`,
    '',
    ...realIpLines(options.trustedProxies ?? []),
    '    location / {',
    '        proxy_pass http://wallet_instances;',
    '        proxy_http_version 1.1;',
    '        proxy_set_header Connection "";',
    '        proxy_set_header Host $host;',
    '        # Replaced, not appended: the instances believe this header from nginx alone (TRUST_PROXY=127.0.0.1,::1).',
    '        proxy_set_header X-Forwarded-For $remote_addr;',
    '        proxy_set_header X-Forwarded-Proto $scheme;',
    '        proxy_connect_timeout 2s;',
    '        proxy_send_timeout 30s;',
    '        proxy_read_timeout 60s;',
    '        # Another instance is tried only when the request cannot have been acted on: a connection',
    '        # refused or timed out, or a GET. A POST that reached an instance is never sent again',
    '        # (no `non_idempotent`): the client retries it with a new signature and the same requestId.',
    '        proxy_next_upstream error timeout http_503;',
    '        proxy_next_upstream_tries 2;',
    '        proxy_next_upstream_timeout 10s;',
    '    }',
    '',
    '    # Live results (text/event-stream): each event passes the moment it comes, never held in a buffer.',
    '    location = /api/events {',
    '        proxy_pass http://wallet_instances;',
    '        proxy_http_version 1.1;',
    '        proxy_set_header Connection "";',
    '        proxy_set_header Host $host;',
    '        proxy_set_header X-Forwarded-For $remote_addr;',
    '        proxy_set_header X-Forwarded-Proto $scheme;',
    '        proxy_connect_timeout 2s;',
    '        proxy_buffering off;',
    '        proxy_cache off;',
    '        # A stream is one long answer: its length never ends it; the instance writes a comment line every 15 s.',
    '        proxy_read_timeout 1h;',
    '        # Its ticket is single use: only a stream that never reached an instance is tried on another.',
    '        proxy_next_upstream error timeout;',
    '        proxy_next_upstream_tries 2;',
    '    }',
    '',
    '    # Prometheus scrapes each instance directly; the metrics are not served to the world.',
    '    location = /metrics {',
    '        default_type application/json;',
    `        return 404 '${envelope('NOT_FOUND')}';`,
    '    }',
    '',
    '    error_page 502 504 =503 @unavailable;',
    '    location @unavailable {',
    '        default_type application/json;',
    `        return 503 '${envelope('UNAVAILABLE')}';`,
    '    }',
    '    error_page 413 @too_large;',
    '    location @too_large {',
    '        default_type application/json;',
    `        return 413 '${envelope('PAYLOAD_TOO_LARGE')}';`,
    '    }',
    '}',
    '',
  ].join('\n');
}

export interface LocalNginxOptions extends NginxSiteOptions {
  /** The folder nginx keeps its pid, log and temporary files in. */
  prefix: string;
  workerProcesses?: number;
  /** nginx started as root hands its workers to this unprivileged user. */
  startedAsRoot?: boolean;
}

/** A whole nginx.conf for a run in the foreground from `prefix`, touching nothing of a system nginx. */
export function renderLocalNginx(options: LocalNginxOptions): string {
  const site = renderNginxSite(options)
    .trimEnd()
    .split('\n')
    .map((line) => (line ? `    ${line}` : line));
  const temp = (name: string) => `${options.prefix}/temp/${name}`;
  return [
    ...(options.startedAsRoot ? ['user nobody nogroup;'] : []),
    'daemon off;',
    `worker_processes ${options.workerProcesses ?? 1};`,
    `pid ${options.prefix}/nginx.pid;`,
    `error_log ${options.prefix}/error.log warn;`,
    '',
    'events {',
    '    worker_connections 1024;',
    '}',
    '',
    'http {',
    '    access_log off;',
    `    client_body_temp_path ${temp('client_body')};`,
    `    proxy_temp_path ${temp('proxy')};`,
    `    fastcgi_temp_path ${temp('fastcgi')};`,
    `    uwsgi_temp_path ${temp('uwsgi')};`,
    `    scgi_temp_path ${temp('scgi')};`,
    '',
    ...site,
    '}',
    '',
  ].join('\n');
}
