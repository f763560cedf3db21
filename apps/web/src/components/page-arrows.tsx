import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

interface PageArrowsProps {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onChange: (page: number) => void;
  /** What is paged, for the buttons' accessible names ('tokens', 'emissores'). */
  noun?: string;
}

/** Previous/next arrows around 'Página - N' (docs/product.md §2). */
export function PageArrows({ page, hasPrevious, hasNext, onChange, noun }: PageArrowsProps) {
  const suffix = noun ? ` de ${noun}` : '';
  return (
    <Group gap="sm" justify="center" wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        radius="xl"
        disabled={!hasPrevious}
        onClick={() => onChange(page - 1)}
        aria-label={`Página anterior${suffix}`}
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
        aria-label={`Próxima página${suffix}`}
      >
        <IconChevronRight size={18} stroke={2} />
      </ActionIcon>
    </Group>
  );
}
