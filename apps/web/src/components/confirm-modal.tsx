import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** A bold first line beside a warning sign ('Atenção'); without it, the text alone. */
  heading?: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  loading?: boolean;
  /** 'red' for an act that ends or undoes something; the warning sign takes it too. */
  confirmColor?: string;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The one confirmation before an act that cannot be taken back quietly, on every screen: the
 * question, then the way back and the act. It cannot be closed while the act is under way.
 */
export function ConfirmModal({
  opened,
  title,
  heading,
  children,
  confirmLabel,
  cancelLabel,
  loading = false,
  confirmColor,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const text = (
    <Text component="div" size="sm">
      {children}
    </Text>
  );
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
        {heading ? (
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <ThemeIcon color={confirmColor ?? 'oil'} variant="light" size={40} radius="xl">
              <IconAlertTriangle size={22} />
            </ThemeIcon>
            <Stack gap={4}>
              <Text fw={700}>{heading}</Text>
              {text}
            </Stack>
          </Group>
        ) : (
          text
        )}
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
