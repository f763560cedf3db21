import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** The bold first line ('Atenção'). */
  heading?: string;
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  loading?: boolean;
  confirmColor?: string;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A confirmation before an act that cannot be taken back quietly. */
export function ConfirmModal({
  opened,
  title,
  heading = 'Atenção',
  children,
  confirmLabel = 'Sim',
  cancelLabel = 'Não',
  loading = false,
  confirmColor,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!loading) onClose();
      }}
      title={title}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <ThemeIcon color="oil" variant="light" size={40} radius="xl">
            <IconAlertTriangle size={22} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={700}>{heading}</Text>
            <Text component="div" size="sm">
              {children}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button
            onClick={onConfirm}
            loading={loading}
            color={confirmColor}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
