import {
  ESSENTIAL_INFORMATION_TITLE,
  essentialInformation,
  type TokenDetailResponse,
} from '@copaiba/contracts';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { sectionClass } from '@/components/section-nav';
import classes from './token-detail.module.css';

/**
 * #section-essential-information (CVM Resolução 88, docs/product.md §15): the offer's essential
 * information, the same text as its PDF (essentialInformation, in contracts), and the PDF itself.
 */
export function EssentialInformationSection({ detail }: { detail: TokenDetailResponse }) {
  const sections = essentialInformation(detail, detail.investor_protection);
  const pdf = `/api/token/${detail.token.id}/essential-information.pdf`;
  return (
    <section
      id="section-essential-information"
      className={`${sectionClass} ${classes.section}`}
      aria-labelledby="essential-information-title"
    >
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={2} id="essential-information-title" className={classes.sectionTitle} mb={0}>
          {ESSENTIAL_INFORMATION_TITLE}
        </Title>
        <Button
          component="a"
          href={pdf}
          download={`informacoes-essenciais-${detail.token.symbol}.pdf`}
          variant="light"
          leftSection={<IconFileDownload size={18} />}
        >
          Baixar PDF
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          {sections.map((section) => (
            <Stack key={section.title} gap="xs">
              <Title order={3} fz="md" c="copaiba.9">
                {section.title}
              </Title>
              {section.rows && (
                <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
                  {section.rows.map((row) => (
                    <div key={row.label}>
                      <Text component="dt" size="xs" c="dimmed" fw={600}>
                        {row.label}
                      </Text>
                      <Text component="dd" size="sm" m={0}>
                        {row.value}
                      </Text>
                    </div>
                  ))}
                </SimpleGrid>
              )}
              {section.paragraphs?.map((paragraph) => (
                <Text key={paragraph} size="sm">
                  {paragraph}
                </Text>
              ))}
            </Stack>
          ))}
        </Stack>
      </Paper>
    </section>
  );
}
