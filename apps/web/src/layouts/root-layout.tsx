import { Outlet } from 'react-router';
import { OfflineBanner } from '../components/offline-banner';
import { UpdateCheck } from '../components/update-check';

export function RootLayout() {
  return (
    <div className="app-shell">
      <OfflineBanner />
      <Outlet />
      <UpdateCheck />
    </div>
  );
}
