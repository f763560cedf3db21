import {
  Avatar,
  Divider,
  Drawer,
  Group,
  NavLink as MantineNavLink,
  Stack,
  Text,
} from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { greeting, useCurrentUser } from '@/lib/current-user';
import { initials } from '@/lib/format';
import { menuEntries } from '../navigation';
import { ACCOUNT_LINKS } from './account-links';
import classes from './top-bar.module.css';

/** The phone's menu (phone-nav.tsx): the entries of docs/product.md §6, then the account's screens. */
export default function NavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  const entries = menuEntries(user, true);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
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
            <Text fw={600}>{greeting(user?.name)}</Text>
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
              onClick={onClose}
              className={classes.drawerLink}
            />
          ))}
        </nav>
        <Divider my="xs" />
        {ACCOUNT_LINKS.map(({ to, label, icon: LinkIcon }) => (
          <MantineNavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            leftSection={<LinkIcon size={18} />}
            onClick={onClose}
            className={classes.drawerLink}
          />
        ))}
        <MantineNavLink
          component={Link}
          to="/logout"
          label="Sair"
          leftSection={<IconLogout size={18} />}
          c="red.7"
          onClick={onClose}
          className={classes.drawerLink}
        />
      </Stack>
    </Drawer>
  );
}
