import type { CreatorTokenInfo } from '@copaiba/contracts';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAssignManager } from '../api/assign-manager';
import { useManagers } from '../api/list-managers';

interface AssignManagerModalProps {
  token: CreatorTokenInfo | null;
  onClose: () => void;
}

/** Picks the project manager of an issued token among the users who hold the role. */
export function AssignManagerModal({ token, onClose }: AssignManagerModalProps) {
  return (
    <Modal
      opened={token !== null}
      onClose={onClose}
      title="Gestor do projeto"
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {token && <AssignManagerForm key={token.token_id} token={token} onClose={onClose} />}
    </Modal>
  );
}

function AssignManagerForm({ token, onClose }: { token: CreatorTokenInfo; onClose: () => void }) {
  const managers = useManagers();
  const assign = useAssignManager();
  const current = token.project_manager?.id ?? null;
  const [selected, setSelected] = useState<string | null>(current ? String(current) : null);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!selected) return;
    setError(null);
    assign.mutate(
      { tokenId: token.token_id, userId: Number(selected) },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          onClose();
        },
        onError: (err) => {
          const field = isApiError(err) ? fieldErrors(err.body).user_id : undefined;
          if (field) setError(field);
          else notifyError(errorMessage(err));
        },
      },
    );
  };

  const options = (managers.data ?? []).map((m) => ({
    value: String(m.id),
    label: `${m.name} (${m.email})`,
  }));

  return (
    <Stack gap="md">
      <Text size="sm">
        Quem envia os relatórios de atualização de <strong>{token.token_name}</strong> (
        {token.symbol}).
      </Text>
      {managers.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(managers.error)}
        </Alert>
      ) : (
        <Select
          label="Gestor do projeto"
          placeholder={managers.isPending ? 'Carregando…' : 'Selecione um gestor'}
          data={options}
          value={selected}
          onChange={(value) => {
            setSelected(value);
            setError(null);
          }}
          searchable
          nothingFoundMessage="Nenhum gestor encontrado"
          rightSection={managers.isPending ? <Loader size="xs" /> : undefined}
          disabled={managers.isPending}
          error={error}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
      )}
      {managers.data && managers.data.length === 0 && (
        <Text size="sm" c="dimmed">
          Nenhum usuário é gestor de projeto. Conceda o papel em Gestão de Acesso.
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={assign.isPending}>
          Cancelar
        </Button>
        <Button
          onClick={submit}
          loading={assign.isPending}
          disabled={!selected || selected === String(current)}
        >
          Atribuir
        </Button>
      </Group>
    </Stack>
  );
}
