import {
  Avatar,
  Burger,
  Divider,
  Drawer,
  Group,
  Menu,
  NavLink as MantineNavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { firstName, useCurrentUser } from '@/lib/current-user';
import { menuEntries } from '../navigation';
import classes from './top-bar.module.css';

/** Below this width the menu folds into a burger drawer. */
const DESKTOP_QUERY = '(min-width: 75em)';

function initials(name: string | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return (
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')
  ).toUpperCase();
}

/**
 * The logged-in half of the top bar: menu entries (SPEC §6), greeting and the user menu, or a
 * burger drawer on smaller screens. Loaded on demand: visitors never download the menus.
 */
export default function LoggedInNav() {
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const entries = menuEntries(user, true);
  const greeting = user?.name ? `Olá ${firstName(user.name)}` : 'Olá';

  return (
    <>
      {isDesktop && (
        <nav aria-label="Menu principal" className={classes.nav}>
          {entries.map((entry) => (
            <NavLink key={entry.to} to={entry.to} className={classes.navLink}>
              {entry.label}
            </NavLink>
          ))}
        </nav>
      )}
      <Group gap="xs" wrap="nowrap" className={classes.right}>
        {isDesktop ? (
          <Menu position="bottom-end" width={220} shadow="md" withinPortal>
            <Menu.Target>
              <UnstyledButton className={classes.userButton} aria-label="Menu do usuário">
                <Group gap={10} wrap="nowrap">
                  <Avatar color="copaiba" radius="xl" size={34}>
                    {initials(user?.name)}
                  </Avatar>
                  <Text fw={600} size="sm" c="copaiba.9">
                    {greeting}
                  </Text>
                  <IconChevronDown size={16} stroke={1.8} />
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {user?.email && <Menu.Label>{user.email}</Menu.Label>}
              <Menu.Item
                component={Link}
                to="/logout"
                color="red"
                leftSection={<IconLogout size={16} />}
              >
                Sair
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : (
          <>
            <Text fw={600} size="sm" c="copaiba.9" className={classes.mobileGreeting}>
              {greeting}
            </Text>
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              aria-label="Abrir menu"
              aria-expanded={drawerOpened}
              size="sm"
            />
          </>
        )}
      </Group>
      <Drawer
        opened={drawerOpened && !isDesktop}
        onClose={drawer.close}
        position="right"
        size={300}
        title={<Logo size={28} />}
        closeButtonProps={{ 'aria-label': 'Fechar menu' }}
      >
        <Stack gap={4}>
          <Group gap="sm" wrap="nowrap" px="sm" py="xs">
            <Avatar color="copaiba" radius="xl">
              {initials(user?.name)}
            </Avatar>
            <div>
              <Text fw={600}>{greeting}</Text>
              {user?.email && (
                <Text size="xs" c="dimmed">
                  {user.email}
                </Text>
              )}
            </div>
          </Group>
          <Divider my="xs" />
          <nav aria-label="Menu principal">
            {entries.map((entry) => (
              <MantineNavLink
                key={entry.to}
                component={NavLink}
                to={entry.to}
                label={entry.label}
                active={pathname === entry.to}
                variant="light"
                onClick={drawer.close}
                className={classes.drawerLink}
              />
            ))}
          </nav>
          <Divider my="xs" />
          <MantineNavLink
            component={Link}
            to="/logout"
            label="Sair"
            leftSection={<IconLogout size={18} />}
            c="red.7"
            onClick={drawer.close}
            className={classes.drawerLink}
          />
        </Stack>
      </Drawer>
    </>
  );
}
