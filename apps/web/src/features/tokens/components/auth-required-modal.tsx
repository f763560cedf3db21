import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

interface AuthRequiredModalProps {
  opened: boolean;
  onClose: () => void;
}

/** docs/product.md §4: a logged-out visitor who presses Comprar is offered registration or login. */
export function AuthRequiredModal({ opened, onClose }: AuthRequiredModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Entre para comprar" centered radius="lg">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" color="copaiba">
            <IconLock size={22} />
          </ThemeIcon>
          <Text size="sm">
            Para comprar tokens você precisa de uma conta na Copaíba. Crie a sua gratuitamente ou
            entre com seu e-mail e senha.
          </Text>
        </Group>
        <Group grow>
          <Button component={Link} to="/register" variant="light">
            Criar Conta
          </Button>
          <Button component={Link} to="/login">
            Entrar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
