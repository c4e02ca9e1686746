// The phone app's import zones: which folder of apps/web/src may import which.
// Arrows point down: routes → pages → features → shared parts (components, api, i18n) → navigation; layouts frame the pages.
import fs from 'node:fs';
import { into, restrictImports as restrict } from './restricted-imports.js';

const WEB = 'apps/web/src';

/** Every folder under features/ is a feature, so a new one is fenced in without editing this file. */
const FEATURES = fs
  .readdirSync(new URL('../apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);


const CALLS_THROUGH_HOOKS = { regex: '/api/client$', message: 'UI calls the server through the query and mutation hooks of api/.' };

/** A feature's index.ts and the stylesheets at its root are what others may use; its folders are its own. */
const otherFeatureInternals = (own) => {
  const others = FEATURES.filter((name) => name !== own).join('|');
  return {
    regex: `(^(\\.\\./)+|/features/)(${others})/(?!index$|[^/]+\\.css$)`,
    message: "A feature uses another feature only through its index.ts (or a stylesheet at its root): export what is needed there.",
  };
};

const featureZones = FEATURES.flatMap((feature) => [
  {
    files: [`${WEB}/features/${feature}/api/**/*.{ts,tsx}`],
    rules: restrict([
      { regex: into(['components', 'screens', 'model', 'layouts', 'pages', 'routes', 'navigation']), message: "A feature's api/ imports no UI and no logic built on it." },
      { regex: '^antd-mobile', message: 'api/ imports no UI.' },
      otherFeatureInternals(feature),
    ]),
  },
  // model/ is the pure logic: the screens and components build on it, never the other way.
  {
    files: [`${WEB}/features/${feature}/model/**/*.{ts,tsx}`],
    rules: restrict([
      { regex: '^\\.\\./(components|screens)(/|$)', message: "A feature's model/ is pure logic: it imports none of the feature's UI." },
      { regex: into(['pages', 'routes', 'layouts']), message: "A feature's model/ is pure logic: it imports no UI." },
      { regex: '^antd-mobile', message: 'model/ imports no UI.' },
      otherFeatureInternals(feature),
      CALLS_THROUGH_HOOKS,
    ]),
  },
  {
    files: [`${WEB}/features/${feature}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/features/${feature}/api/**`, `${WEB}/features/${feature}/model/**`],
    rules: restrict([
      { regex: into(['pages', 'routes', 'layouts']), message: 'Features sit below the pages, the page table and the layouts that frame them.' },
      otherFeatureInternals(feature),
      CALLS_THROUGH_HOOKS,
    ]),
  },
]);

export const webZones = [
  // The shared client knows no UI and no feature: the app registers its handlers.
  {
    files: [`${WEB}/api/**/*.{ts,tsx}`],
    rules: restrict([
      { regex: into(['components', 'features', 'layouts', 'navigation', 'pages', 'routes']), message: 'api/ imports no UI: register a handler from the app instead.' },
      { regex: '^antd-mobile', message: 'api/ imports no UI.' },
    ]),
  },
  // Paths, back and relaunch are imported from everywhere, so they import nothing of the app.
  {
    files: [`${WEB}/navigation/**/*.{ts,tsx}`],
    rules: restrict([{ regex: '^\\.\\./', message: 'navigation/ is a leaf: it imports nothing of the app.' }]),
  },
  // Shared parts sit below the features: every feature may use them, so they use none.
  {
    files: [`${WEB}/components/**/*.{ts,tsx}`],
    rules: restrict([
      { regex: into(['features', 'layouts', 'pages', 'routes']), message: 'Shared components import no feature, page, layout or route.' },
      CALLS_THROUGH_HOOKS,
    ]),
  },
  {
    files: [`${WEB}/layouts/**/*.{ts,tsx}`],
    rules: restrict([{ regex: into(['features', 'pages']), message: 'Layouts frame any page: they import no feature or page.' }, CALLS_THROUGH_HOOKS]),
  },
  ...featureZones,
  // The page table reaches the features only through pages/, which map the seed's addresses to screens.
  {
    files: [`${WEB}/routes/**/*.{ts,tsx}`],
    rules: restrict([{ regex: into(['features']), message: "routes/ loads pages/, which map addresses to the features' screens." }]),
  },
  // A page file sits one folder (pages/home/) or two (pages/money/recharge/) below pages/: going up that far and down again is another page.
  ...[
    [`${WEB}/pages/*/*.{ts,tsx}`, 1],
    [`${WEB}/pages/*/*/*.{ts,tsx}`, 2],
  ].map(([files, depth]) => ({
    files: [files],
    rules: restrict([
      { regex: `^(\\.\\./){1,${depth}}[^.]|/pages/`, message: "A page does not import another page's folder." },
      { regex: '/features/(?![^/]+/screens/[^/]+$)', message: "A page maps its address to a feature's screen: it imports features/<domain>/screens/<screen>, nothing else of a feature." },
      { regex: into(['api', 'layouts', 'routes']), message: 'A page only maps its address to a screen; the screen does the work.' },
    ]),
  })),
];
