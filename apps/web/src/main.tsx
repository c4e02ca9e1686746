import 'antd-mobile/es/global';
import './styles/global.css';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app';
import { initI18n } from './i18n';
import { startingLanguage } from './i18n/language';
import { registerShellWorker } from './pwa/shell-worker';
import { prefetchPageDataAt, preloadPageAt } from './routes/pages';
import { hashPathname } from './routes/router';

// antd-mobile renders Toast and Dialog into their own roots; on React 19 it must be told how.
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  const root = roots.get(container) ?? createRoot(container);
  roots.set(container, root);
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    roots.delete(container);
  };
});

// The page's chunk downloads beside the language file rather than after it.
const startingPath = hashPathname(window.location.hash);
preloadPageAt(startingPath);
void startingLanguage().then((language) => {
  void initI18n(language);
  prefetchPageDataAt(startingPath, language);
  const root = createRoot(document.getElementById('root')!);
  // As a transition the first render yields to the browser every few milliseconds instead of holding it for the whole tree.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
// Development has no built files to keep: Vite serves them.
if (import.meta.env.PROD) registerShellWorker();
