// The app as a phone receives it: Lighthouse on five pages, axe-core on every route, and the first screen's bytes over the wire.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { PATHS } from '../apps/web/src/navigation/paths.js';
import { isBlocking } from '../e2e/support/axe.js';
import { registerUser } from './api.js';
import { AXE_PASSES, AXE_ROUTES, auditRoutes, type AxeRouteResult } from './axe-routes.js';
import { lighthousePage, type LighthouseFigures } from './lighthouse-page.js';

/** Lighthouse runs per page; the run with the median performance score is kept, as Lighthouse itself advises. */
const LIGHTHOUSE_RUNS = 3;

export const PAGE_BUDGETS = { performance: 0.95, accessibility: 0.95, firstScreenBytes: 150 * 1024 } as const;

/** `busyCore`: measured again while another process keeps one core busy, as a shared machine (or phone) does. */
const MEASURED_PAGES = [
  { name: 'home', route: PATHS.home, signedIn: false, busyCore: true },
  { name: 'login', route: PATHS.login, signedIn: false, busyCore: true },
  { name: 'dice', route: PATHS.dice, signedIn: true, busyCore: false },
  { name: 'recharge', route: PATHS.recharge, signedIn: true, busyCore: false },
  { name: 'assets', route: PATHS.assets, signedIn: true, busyCore: false },
] as const;

export interface PageFigures extends LighthouseFigures {
  name: string;
  route: string;
  signedIn: boolean;
  /** Measured while another process kept one core busy. */
  busyCore: boolean;
}

export interface PagesFigures {
  lighthouse: PageFigures[];
  axe: AxeRouteResult[];
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is done again, this many times at most. */
const LIGHTHOUSE_RETRIES = 3;

async function medianRun(baseUrl: string, route: string, token: string | undefined): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  let failures = 0;
  while (runs.length < LIGHTHOUSE_RUNS) {
    try {
      runs.push(await lighthousePage(baseUrl, route, token));
    } catch (error) {
      if (++failures > LIGHTHOUSE_RETRIES) throw error;
    }
  }
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)]!;
}

/**
 * Measures the built app served at `baseUrl` (a server the benchmark set up: recharge channels open).
 * axe-core goes first: on a fresh server the home page asks every second for the first draw of each
 * project for half a minute, which Lighthouse would otherwise count in the first screen.
 */
export async function measurePages(baseUrl: string): Promise<PagesFigures> {
  // A new account's token: the signed-in pages are measured as a returning user sees them.
  const { token } = await registerUser(`pages_${randomBytes(4).toString('hex')}`, baseUrl);
  const axe = await auditRoutes(baseUrl, token);
  const lighthouse: PageFigures[] = [];
  for (const page of MEASURED_PAGES) {
    const measure = () => medianRun(baseUrl, page.route, page.signedIn ? token : undefined);
    lighthouse.push({ ...page, busyCore: false, ...(await measure()) });
    if (page.busyCore) lighthouse.push({ ...page, busyCore: true, ...(await withOneCoreBusy(measure)) });
  }
  return { lighthouse, axe };
}

/** `work` while a process of its own spins on one core. */
async function withOneCoreBusy<T>(work: () => Promise<T>): Promise<T> {
  const spinner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    return await work();
  } finally {
    spinner.kill('SIGKILL');
  }
}

const score = (value: number) => Math.round(value * 100).toString();
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const mark = (ok: boolean) => (ok ? '' : ' ✗');

function lighthouseTable(pages: PageFigures[]): string {
  const rows = pages.map((page) => {
    const cells = [
      `${page.name}${page.signedIn ? ' (signed in)' : ''}${page.busyCore ? ', one core busy' : ''}`,
      score(page.performance) + mark(page.performance >= PAGE_BUDGETS.performance),
      score(page.accessibility) + mark(page.accessibility >= PAGE_BUDGETS.accessibility),
      seconds(page.firstContentfulPaintMs),
      seconds(page.largestContentfulPaintMs),
      page.totalBlockingTimeMs.toFixed(0),
      page.cumulativeLayoutShift.toFixed(3),
      `${kb(page.transferBytes)} KB / ${page.requests}`,
      page.failedAudits.join(', ') || '–',
    ];
    return `| ${cells.join(' | ')} |`;
  });
  return `| page | performance | accessibility | FCP s | LCP s | TBT ms | CLS | over the wire / requests | audits below 0.9 |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
}

function axeLines(results: AxeRouteResult[]): string {
  const serious = results.flatMap((result) => result.violations.filter(isBlocking).map((v) => ({ ...result, ...v })));
  const lesser = new Map<string, number>();
  for (const result of results) for (const v of result.violations) if (!isBlocking(v)) lesser.set(`${v.rule} (${v.impact})`, (lesser.get(`${v.rule} (${v.impact})`) ?? 0) + 1);
  const checked = `${results.length} pages checked (${AXE_ROUTES.length} routes; ${AXE_PASSES.map((pass) => pass.name).join(' / ')}; signed out, a signed-in page shows the login page and is not counted again)`;
  const seriousText = serious.length
    ? `**${serious.length} serious or critical violation(s)**:\n\n${serious.map((v) => `- \`${v.route}\` (${v.pass}): ${v.rule} (${v.impact}), ${v.nodes} element(s), e.g. \`${v.example}\``).join('\n')}`
    : '**no serious or critical violation**.';
  const lesserText = lesser.size ? `\n\nLesser findings (pages): ${[...lesser].map(([rule, pages]) => `${rule} ${pages}`).join(', ')}.` : '';
  return `axe-core on ${checked}: ${seriousText}${lesserText}`;
}

/** The Markdown section of bench/RESULTS.md. */
export function pagesSection(figures: PagesFigures): string {
  const home = figures.lighthouse.find((page) => page.name === 'home' && !page.busyCore);
  const firstScreen = home
    ? `The first screen (home, a first visit, nothing cached) transfers **${kb(home.transferBytes)} KB** in ${home.requests} requests over the wire (compressed as sent; budget ${kb(PAGE_BUDGETS.firstScreenBytes)} KB)${mark(home.transferBytes <= PAGE_BUDGETS.firstScreenBytes)}.`
    : '';
  return `## App pages (Lighthouse, axe-core)

Lighthouse mobile preset (simulated slow 4G, 4× CPU slowdown) in Debian's Chromium, a fresh profile per run; the median of ${LIGHTHOUSE_RUNS} runs by performance.
Home and login are measured twice: alone, and while another process keeps one of the machine's cores busy.
Budgets: performance and accessibility ≥ ${score(PAGE_BUDGETS.performance)}; ✗ marks a miss.

${lighthouseTable(figures.lighthouse)}

${firstScreen}

${axeLines(figures.axe)}
`;
}
