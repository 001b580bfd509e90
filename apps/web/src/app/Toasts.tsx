import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

// The toast container (transitions, drag to dismiss: ~13 KB gzip) is fetched when the first
// notification is shown, not on every first load; the store keeps that notification meanwhile.
const Notifications = lazy(() => import('./ToastContainer'));

export function Toasts() {
  const { notifications } = useNotifications();
  const [used, setUsed] = useState(false);
  if (notifications.length > 0 && !used) setUsed(true);
  return used ? (
    <Suspense>
      <Notifications position="top-center" />
    </Suspense>
  ) : null;
}
