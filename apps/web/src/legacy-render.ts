/*
 * Stands in for rc-util's React 16–18 renderer (ReactDOM.render, with a
 * regenerator runtime: 3 KB in the first load), which antd-mobile imports as
 * its default way to draw Toast and Dialog. This app gives it React 19's
 * createRoot through unstableSetRender before anything is drawn (main.tsx),
 * so the default is never called.
 */
export function render(): never {
  throw new Error('antd-mobile draws through unstableSetRender (main.tsx)');
}

export async function unmount(): Promise<void> {}
