import type { CreatorRow } from '@copaiba/contracts';
import { Card, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { errorMessage } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useGrantRoles } from '../api/grant-roles';
import { YesNoBadge } from './yes-no-badge';

type RoleKey = 'is_token_creator' | 'is_project_manager';

const ROLES: Array<{ key: RoleKey; label: string; noun: string; hint: string }> = [
  {
    key: 'is_token_creator',
    label: 'É criador de token',
    noun: 'criador de token',
    hint: 'Cadastra dados de emissor, tokens e projetos.',
  },
  {
    key: 'is_project_manager',
    label: 'É gestor de projeto',
    noun: 'gestor de projeto',
    hint: 'Envia relatórios de atualização dos projetos que lhe forem atribuídos.',
  },
];

interface Pending {
  key: RoleKey;
  value: boolean;
}

/** The admin grants or revokes the two roles (docs/product.md §6), each after a confirmation. */
export function RoleSwitches({ creator }: { creator: CreatorRow }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const grant = useGrantRoles(creator.id);
  const role = pending ? ROLES.find((r) => r.key === pending.key) : undefined;

  const confirm = () => {
    if (!pending || !role) return;
    grant.mutate(
      { [pending.key]: pending.value },
      {
        onSuccess: (row) => {
          const now = row[pending.key];
          notifySuccess(
            now
              ? `Papel de ${role.noun} concedido a ${row.name}.`
              : `Papel de ${role.noun} revogado de ${row.name}.`,
          );
          setPending(null);
        },
        onError: (error) => {
          notifyError(errorMessage(error));
          setPending(null);
        },
      },
    );
  };

  return (
    <Card padding="lg" shadow="xs">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" c="copaiba.9">
            Papéis
          </Title>
          <Text size="sm" c="dimmed">
            Cada alteração é registrada no registro de auditoria.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {ROLES.map((r) => {
            const intention =
              r.key === 'is_token_creator'
                ? creator.intention_token_creator
                : creator.intention_project_manager;
            return (
              <Stack key={r.key} gap={8}>
                <Switch
                  size="md"
                  label={r.label}
                  description={r.hint}
                  checked={creator[r.key]}
                  disabled={grant.isPending}
                  onChange={(event) =>
                    setPending({ key: r.key, value: event.currentTarget.checked })
                  }
                  styles={{ label: { fontWeight: 600 } }}
                />
                <Group gap={8} pl={56}>
                  <Text size="xs" c="dimmed">
                    {r.key === 'is_token_creator'
                      ? 'Intenção cadastrar token'
                      : 'Intenção cadastrar projeto'}
                  </Text>
                  <YesNoBadge value={intention} />
                </Group>
              </Stack>
            );
          })}
        </SimpleGrid>
      </Stack>
      <ConfirmModal
        opened={pending !== null}
        title={pending?.value ? 'Conceder papel' : 'Revogar papel'}
        heading="Atenção"
        confirmLabel="Confirmar"
        cancelLabel="Cancelar"
        confirmColor={pending?.value ? undefined : 'red'}
        loading={grant.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      >
        {pending && role && (
          <>
            Você tem certeza de que deseja {pending.value ? 'conceder a' : 'revogar de'}{' '}
            <strong>{creator.name}</strong> o papel de {role.noun}?
          </>
        )}
      </ConfirmModal>
    </Card>
  );
}
