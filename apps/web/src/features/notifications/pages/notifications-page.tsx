import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { PagedCard } from '@/components/paged-card';
import { EmptyList } from '@/components/query-states';
import { usePageTitle } from '@/lib/page-title';
import { useScrollToHash } from '@/lib/section-scroll';
import { usePageParam } from '@/lib/use-page-param';
import { useNotifications } from '../api/list-notifications';
import { useMarkRead } from '../api/mark-read';
import { NotificationEntry, useOpenNotification } from '../components/notification-entry';
import { NotificationPreferences } from '../components/notification-preferences';

/** /notifications (docs/product.md §16): every notification, 10 a page, and the mail preferences. */
export default function NotificationsPage() {
  usePageTitle('Notificações');
  const pager = usePageParam();
  const list = useNotifications(pager.page);
  const markRead = useMarkRead();
  const open = useOpenNotification();
  const unread = list.data?.unread ?? 0;
  useScrollToHash(Boolean(list.data));

  return (
    <Container size="md" py={{ base: 24, sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }} c="copaiba.9">
              Notificações
            </Title>
            <Text c="dimmed" mt={6} aria-live="polite">
              {unread === 0
                ? 'Nenhuma notificação não lida.'
                : `${unread} ${unread === 1 ? 'notificação não lida' : 'notificações não lidas'}.`}
            </Text>
          </div>
          <Button
            variant="light"
            leftSection={<IconChecks size={18} />}
            disabled={unread === 0}
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            Marcar todas como lidas
          </Button>
        </Group>

        <PagedCard
          query={list}
          pager={pager}
          noun="notificações"
          empty={<EmptyList message="Você ainda não tem notificações." icon={IconBell} />}
        >
          {(rows) => (
            <Stack gap={2}>
              {rows.map((n) => (
                <NotificationEntry key={n.id} notification={n} onOpen={open} />
              ))}
            </Stack>
          )}
        </PagedCard>

        <NotificationPreferences />
      </Stack>
    </Container>
  );
}
