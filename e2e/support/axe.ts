// axe-core in a page: what the benchmark reports for every route of the app, and what the console's screen test requires.
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { AxeResults, ImpactValue } from 'axe-core';

const AXE_SCRIPT = path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');

export interface AxeViolation {
  rule: string;
  impact: NonNullable<ImpactValue> | 'unknown';
  nodes: number;
  /** The first offending element, as axe names it. */
  example: string;
}

/** What a user of assistive technology cannot get past: the impacts the project allows none of. */
const BLOCKING_IMPACTS: readonly AxeViolation['impact'][] = ['serious', 'critical'];

export const isBlocking = (violation: AxeViolation): boolean => BLOCKING_IMPACTS.includes(violation.impact);

type AxeWindow = { axe: { run(): Promise<AxeResults> } };

/** The page's violations. axe is injected as a script tag: the page's context needs `bypassCSP`. */
export async function violationsOn(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const results = await page.evaluate(() => (globalThis as unknown as AxeWindow).axe.run());
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    nodes: violation.nodes.length,
    example: String(violation.nodes[0]?.target[0] ?? ''),
  }));
}
