import type { PublicProject } from '@copaiba/contracts';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { sectionClass } from '@/components/section-nav';

/**
 * #section-guarantees-of-risks: rendered but hidden, as docs/product.md §2 has it ("guarantees and risks
 * (section hidden)"). Kept in the page so the anchor exists.
 */
export function GuaranteesRisksSection({ project }: { project: PublicProject | null }) {
  return (
    <section id="section-guarantees-of-risks" className={sectionClass} hidden>
      <Title order={2}>Garantias e Riscos</Title>
      {project && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap={4}>
            <Title order={3}>Garantias</Title>
            <Text>{project.guarantees}</Text>
          </Stack>
          <Stack gap={4}>
            <Title order={3}>Riscos</Title>
            <Text>{project.risks}</Text>
          </Stack>
        </SimpleGrid>
      )}
    </section>
  );
}
