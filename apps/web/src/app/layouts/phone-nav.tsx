import { Burger, Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { greeting, useCurrentUser } from '@/lib/current-user';
import { useLazyModal } from '@/lib/use-lazy-modal';
import classes from './top-bar.module.css';

// The drawer's code (a modal, its scroll lock and focus trap) loads at the first press of the
// burger (docs/CODE_STYLE.md, "The web's first load").
const NavDrawer = lazy(() => import('./nav-drawer'));

/**
 * The logged-in half of the top bar below the desktop width: the bell, the greeting and a burger
 * that opens the menu in a drawer. A chunk of its own, without the desktop's menus (top-bar.tsx).
 */
export default function PhoneNav() {
  const { data: user } = useCurrentUser();
  const drawer = useLazyModal<true>();
  const opened = drawer.subject !== null;

  return (
    <Group gap="xs" wrap="nowrap" className={classes.right}>
      <NotificationBell />
      <Text fw={600} size="sm" c="copaiba.9" className={classes.mobileGreeting}>
        {greeting(user?.name)}
      </Text>
      <Burger
        opened={opened}
        onClick={() => (opened ? drawer.close() : drawer.open(true))}
        aria-label="Abrir menu"
        aria-expanded={opened}
        size="sm"
      />
      {drawer.mounted && (
        <Suspense fallback={null}>
          <NavDrawer opened={opened} onClose={drawer.close} />
        </Suspense>
      )}
    </Group>
  );
}
