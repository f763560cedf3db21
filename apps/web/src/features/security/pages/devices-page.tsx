import { securityMessages, type SessionItem } from '@copaiba/contracts';
import { Badge, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { LoadError } from '@/components/query-states';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useEndSessions, useSessions } from '../api/sessions';
import { SecurityPage } from '../components/security-page';

const isPhone = (device: string) => /iPhone|iPad|Android/.test(device);

/** What the confirmation ends: one session, or every one but this. */
type Ending = SessionItem | 'others';

/**
 * /devices, 'Dispositivos conectados' (docs/product.md §19): the person's open sessions, each
 * with its browser and system, address, when it started and was last used; ending one signs that
 * device out at once.
 */
export default function DevicesPage() {
  const sessions = useSessions();
  const end = useEndSessions();
  const [ending, setEnding] = useState<Ending | null>(null);
  const others = (sessions.data ?? []).filter((s) => !s.current);

  async function confirm() {
    if (!ending) return;
    try {
      await end.mutateAsync(ending === 'others' ? 'others' : ending.id);
      notifySuccess(
        ending === 'others' ? securityMessages.otherSessionsEnded : securityMessages.sessionEnded,
      );
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setEnding(null);
    }
  }

  return (
    <SecurityPage
      title="Dispositivos conectados"
      description="Os navegadores e aparelhos em que sua conta está conectada agora. Se não reconhecer algum, encerre a sessão dele e altere sua senha."
      actions={
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={18} />}
          disabled={others.length === 0}
          onClick={() => setEnding('others')}
        >
          Encerrar as outras sessões
        </Button>
      }
    >
      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }}>
        {sessions.isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label="Carregando sessões" />
          </Center>
        ) : sessions.isError ? (
          <LoadError
            message={errorMessage(sessions.error)}
            onRetry={() => void sessions.refetch()}
          />
        ) : (
          <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {sessions.data.map((session) => (
              <Group
                key={session.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="md"
                align="flex-start"
                data-testid="session"
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" color="copaiba" size={40} radius="md" aria-hidden>
                    {isPhone(session.device) ? (
                      <IconDeviceMobile size={22} />
                    ) : (
                      <IconDeviceDesktop size={22} />
                    )}
                  </ThemeIcon>
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600}>{session.device}</Text>
                      {session.current && (
                        <Badge color="copaiba" variant="light">
                          Este dispositivo
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      IP {session.ip || '—'}
                    </Text>
                    <Text size="sm" c="dimmed">
                      Conectado em {formatDateTime(session.created_at)} · último uso em{' '}
                      {formatDateTime(session.last_used_at)}
                    </Text>
                  </Stack>
                </Group>
                {!session.current && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    onClick={() => setEnding(session)}
                    aria-label={`Encerrar a sessão em ${session.device}`}
                  >
                    Encerrar
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Paper>

      <ConfirmModal
        opened={ending !== null}
        title={ending === 'others' ? 'Encerrar as outras sessões?' : 'Encerrar esta sessão?'}
        confirmLabel={ending === 'others' ? 'Encerrar as outras' : 'Encerrar sessão'}
        cancelLabel="Cancelar"
        confirmColor="red"
        loading={end.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setEnding(null)}
      >
        {ending === 'others'
          ? 'Todos os outros dispositivos serão desconectados na hora; só este continua conectado.'
          : `${ending?.device ?? ''} será desconectado na hora e precisará entrar de novo com e-mail e senha.`}
      </ConfirmModal>
    </SecurityPage>
  );
}
