import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

interface PageArrowsProps {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onChange: (page: number) => void;
  /** What is paged, for the arrows' accessible names ('usuários', 'registros'). */
  noun: string;
}

/** Previous/next arrows around 'Página - n' (SPEC §2). */
export function PageArrows({ page, hasPrevious, hasNext, onChange, noun }: PageArrowsProps) {
  return (
    <Group gap="sm" justify="center" wrap="nowrap" py="xs">
      <ActionIcon
        variant="default"
        size="lg"
        radius="xl"
        disabled={!hasPrevious}
        onClick={() => onChange(page - 1)}
        aria-label={`Página anterior de ${noun}`}
      >
        <IconChevronLeft size={18} stroke={2} />
      </ActionIcon>
      <Text fw={600} size="sm" c="copaiba.9" miw={76} ta="center" aria-live="polite">
        {`Página - ${page}`}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        radius="xl"
        disabled={!hasNext}
        onClick={() => onChange(page + 1)}
        aria-label={`Próxima página de ${noun}`}
      >
        <IconChevronRight size={18} stroke={2} />
      </ActionIcon>
    </Group>
  );
}
