import {
  isAlwaysMailed,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  notificationMessages,
  type NotificationKind,
} from '@copaiba/contracts';
import { List, Paper, SimpleGrid, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { LoadError, LoadingRows } from '@/components/query-states';
import { errorMessage } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';

/**
 * #preferencias: which kinds also arrive by e-mail. Money receipts and security warnings always do
 * (docs/product.md §16): they are listed apart, without a switch.
 */
export function NotificationPreferences() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();

  const change = async (kind: NotificationKind, email: boolean) => {
    try {
      await update.mutateAsync({ [kind]: { email } });
      notifySuccess(notificationMessages.preferencesSaved);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} id="preferencias">
      <Stack gap="md">
        <div>
          <Title order={2} fz="xl" c="copaiba.9">
            Preferências de e-mail
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Todos os avisos aparecem aqui no sino. Escolha quais também chegam por e-mail.{' '}
            {notificationMessages.alwaysMailed}
          </Text>
        </div>
        {preferences.isPending ? (
          <LoadingRows rows={6} height={28} />
        ) : preferences.isError ? (
          <LoadError
            message={errorMessage(preferences.error)}
            onRetry={() => void preferences.refetch()}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap="sm">
              <Text fw={700} size="sm">
                Você escolhe
              </Text>
              {NOTIFICATION_KINDS.filter((kind) => !isAlwaysMailed(kind)).map((kind) => (
                <Switch
                  key={kind}
                  label={NOTIFICATION_KIND_LABELS[kind]}
                  checked={preferences.data[kind].email}
                  disabled={update.isPending}
                  onChange={(event) => void change(kind, event.currentTarget.checked)}
                />
              ))}
            </Stack>
            <Stack gap="sm">
              <Text fw={700} size="sm" id="always-mailed">
                Sempre por e-mail
              </Text>
              <List
                spacing="xs"
                size="sm"
                aria-labelledby="always-mailed"
                icon={
                  <ThemeIcon size={20} radius="xl" variant="light">
                    <IconMailCheck size={13} />
                  </ThemeIcon>
                }
              >
                {NOTIFICATION_KINDS.filter(isAlwaysMailed).map((kind) => (
                  <List.Item key={kind}>{NOTIFICATION_KIND_LABELS[kind]}</List.Item>
                ))}
              </List>
            </Stack>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
