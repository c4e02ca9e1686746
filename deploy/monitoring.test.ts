import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestServer, type TestServer } from '../apps/server/src/testing/test-server.js';

/*
 * The alert rules and the dashboard in deploy/ read only series a running server exports:
 * a renamed metric would leave an alert that never fires.
 */

const here = import.meta.dirname;
const METRICS_TOKEN = 'monitoring-test-token-0123456789';
/** PromQL words that look like series names but are functions, keywords or label values. */
const NOT_SERIES = new Set(['sum', 'by', 'rate', 'max', 'histogram_quantile', 'up', 'le', 'job', 'wallet', 'status', 'route', 'project', 'queue', 'state', 'instance']);

function seriesIn(expression: string): string[] {
  const withoutLabels = expression.replace(/\{[^}]*\}/g, '').replace(/\[[^\]]*\]/g, '');
  return [...withoutLabels.matchAll(/[a-z_][a-z0-9_]*/g)].map((match) => match[0]).filter((word) => !NOT_SERIES.has(word));
}

/** A histogram is exported as its _bucket, _sum and _count series. */
const exportedName = (series: string) => series.replace(/_(bucket|sum|count)$/, '');

let server: TestServer;
let exported: Set<string>;
beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN });
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  exported = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!));
});
afterAll(async () => {
  await server?.close();
});

it('alerts on series the server exports, each with a runbook in docs/operations.md', () => {
  const rules = (parse(fs.readFileSync(path.join(here, 'prometheus/alerts.yml'), 'utf8')) as { groups: { rules: { alert: string; expr: string; annotations: { runbook: string } }[] }[] }).groups.flatMap(
    (group) => group.rules,
  );
  expect(rules.map((rule) => rule.alert).sort()).toEqual(['DrawLag', 'High5xxRate', 'HighP99Latency', 'InstanceDown', 'ReviewQueueStalled']);
  const operations = fs.readFileSync(path.join(here, '../docs/operations.md'), 'utf8');
  for (const rule of rules) {
    for (const series of seriesIn(rule.expr)) expect(exported, `${rule.alert}: ${series}`).toContain(exportedName(series));
    expect(rule.annotations.runbook).toMatch(/^docs\/operations\.md#/);
    expect(operations).toContain(`**${rule.alert}**`);
  }
});

it('draws its panels from series the server exports', () => {
  const dashboard = JSON.parse(fs.readFileSync(path.join(here, 'grafana/dashboard.json'), 'utf8')) as { panels: { title: string; targets: { expr: string }[] }[] };
  // On SQLite there is no pool: its gauge is exported on PostgreSQL only.
  const postgresOnly = new Set(['db_pool_connections']);
  for (const panel of dashboard.panels) {
    for (const target of panel.targets) {
      for (const series of seriesIn(target.expr)) {
        if (server.database.dialect === 'sqlite' && postgresOnly.has(series)) continue;
        expect(exported, `${panel.title}: ${series}`).toContain(exportedName(series));
      }
    }
  }
});
