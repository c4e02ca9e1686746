import { Suspense, lazy, useState } from 'react';

// The sheet and its contacts are fetched on the first tap.
const CustomerServiceSheet = lazy(() => import('./customer-service-sheet'));

/**
 * The contacts sheet (render `sheet`), and the way to open it.
 * Its own file: Home opens the sheet from a shortcut and should not download the list and button the other entries use.
 */
export function useCustomerServiceSheet() {
  const [open, setOpen] = useState(false);
  const sheet = open && (
    <Suspense fallback={null}>
      <CustomerServiceSheet onClose={() => setOpen(false)} />
    </Suspense>
  );
  return { show: () => setOpen(true), sheet };
}
