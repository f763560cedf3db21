import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  Stack,
  Text,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useNotifications } from '../api/list-notifications';
import { useMarkRead } from '../api/mark-read';
import { bellLabel } from '../lib/bell-label';
import { NotificationEntry, useOpenNotification } from './notification-entry';
import classes from './notifications.module.css';

/** How many of the latest notifications the bell lists. */
const LATEST = 5;
const DROPDOWN_ID = 'notification-bell-list';

/**
 * The top bar's bell (docs/product.md §16): the unread count, read every minute and when the
 * window gets focus, and the latest notifications. Part of the logged-in menu, which visitors
 * never download.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const { data, isPending } = useNotifications(1, { poll: true });
  const markRead = useMarkRead();
  const open = useOpenNotification(() => setOpened(false));
  const unread = data?.unread ?? 0;
  const latest = data?.results.slice(0, LATEST) ?? [];

  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      disabled={unread === 0}
      size={18}
      offset={6}
      color="red"
      inline
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={360}
        shadow="md"
        withinPortal
        trapFocus
        returnFocus
        // The roles are set below: the list is named for what it is, not after the button.
        withRoles={false}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="copaiba"
            size="lg"
            radius="xl"
            aria-label={bellLabel(unread)}
            aria-haspopup="dialog"
            aria-expanded={opened}
            aria-controls={opened ? DROPDOWN_ID : undefined}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={22} stroke={1.8} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown
          className={classes.bellDropdown}
          id={DROPDOWN_ID}
          role="dialog"
          aria-label="Últimas notificações"
        >
          <Group justify="space-between" className={classes.bellHeader} wrap="nowrap">
            <Text fw={700} c="copaiba.9">
              Notificações
            </Text>
            {unread > 0 && (
              <Button
                size="compact-xs"
                variant="subtle"
                loading={markRead.isPending}
                onClick={() => markRead.mutate({ all: true })}
              >
                Marcar todas como lidas
              </Button>
            )}
          </Group>
          {isPending ? (
            <Group justify="center" p="lg">
              <Loader size="sm" role="status" aria-label="Carregando notificações" />
            </Group>
          ) : latest.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" p="lg">
              Você ainda não tem notificações.
            </Text>
          ) : (
            <Stack gap={0} className={classes.bellList}>
              {latest.map((n) => (
                <NotificationEntry key={n.id} notification={n} onOpen={open} compact />
              ))}
            </Stack>
          )}
          <div className={classes.bellFooter}>
            <Anchor component={Link} to="/notifications" size="sm" onClick={() => setOpened(false)}>
              Ver todas as notificações
            </Anchor>
          </div>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
