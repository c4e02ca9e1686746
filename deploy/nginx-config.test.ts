import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderLocalNginx, renderNginxSite } from './nginx-config.js';

const deployDoc = fs.readFileSync(new URL('../docs/deploy.md', import.meta.url), 'utf8');

describe('the nginx configuration', () => {
  it('is the one docs/deploy.md shows for two instances', () => {
    const shown = /```nginx\n([\s\S]*?)```/.exec(deployDoc)?.[1];
    expect(shown).toBe(renderNginxSite({ listen: '80', instances: ['10.0.0.11:8080', '10.0.0.12:8080'] }));
    expect(shown).toContain('location = /metrics {');
  });

  it('believes X-Forwarded-For only from the load balancers it is given', () => {
    expect(renderNginxSite({ listen: '80', instances: ['a:1'] })).not.toContain('set_real_ip_from');
    const behindBalancer = renderNginxSite({ listen: '80', instances: ['a:1'], trustedProxies: ['10.0.0.0/8'] });
    expect(behindBalancer).toContain('set_real_ip_from 10.0.0.0/8;');
    expect(behindBalancer).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
  });

  it('runs a local nginx from its own folder, its workers unprivileged when started as root', () => {
    const local = renderLocalNginx({ listen: '127.0.0.1:8080', instances: ['127.0.0.1:9000'], prefix: '/tmp/n', startedAsRoot: true });
    expect(local).toMatch(/^user nobody nogroup;\ndaemon off;/);
    for (const line of ['pid /tmp/n/nginx.pid;', 'client_body_temp_path /tmp/n/temp/client_body;', 'proxy_temp_path /tmp/n/temp/proxy;']) expect(local).toContain(line);
    expect(renderLocalNginx({ listen: '8080', instances: ['a:1'], prefix: '/tmp/n' })).not.toContain('user ');
  });
});
