import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../components/offline-banner';
import { UpdateCheck } from '../components/update-check';

export function RootLayout() {
  // The page's own frame (index.html) goes in the same paint as the app's first page frame, never leaving a blank between.
  useLayoutEffect(() => document.getElementById('boot-frame')?.remove(), []);
  return (
    <div className="app-shell">
      <OfflineBanner />
      <Outlet />
      <UpdateCheck />
    </div>
  );
}
