import { Container, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFolderOpen } from '@tabler/icons-react';
import { PagedCard } from '@/components/paged-card';
import { EmptyList, LoadingRows } from '@/components/query-states';
import { usePageTitle } from '@/lib/page-title';
import { usePageParam } from '@/lib/use-page-param';
import { useManagerProjects } from '../api/list-projects';
import { ProjectEntry } from '../components/project-entry';
import { useReportDrafts } from '../lib/use-report-drafts';

/** /project-management 'Gestão de Projetos' (docs/product.md §2): reports for the projects I manage. */
export default function ProjectManagementPage() {
  usePageTitle('Gestão de Projetos');
  const pager = usePageParam();
  const query = useManagerProjects(pager.page);
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const drafts = useReportDrafts();

  return (
    <Container size="xl" py={{ base: 24, sm: 48 }} w="100%">
      <Stack gap="lg">
        <Stack gap={4} maw={720}>
          <Title order={1} fz={{ base: 26, sm: 32 }} c="copaiba.9">
            Gestão de Projetos
          </Title>
          <Text c="dimmed" size="sm">
            Envie o relatório de atualização e o de indicadores (PDF, até 20 MB) dos projetos que
            você acompanha. Eles aparecem na página pública do token.
          </Text>
        </Stack>
        <PagedCard
          query={query}
          pager={pager}
          noun="projetos"
          framed={wide}
          loading={<LoadingRows rows={3} height={72} />}
          empty={<EmptyList message="Não existem projetos para exibir." icon={IconFolderOpen} />}
        >
          {(projects) =>
            wide ? (
              <Table.ScrollContainer minWidth={960} type="native">
                <Table verticalSpacing="md" style={{ verticalAlign: 'top' }}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Token</Table.Th>
                      <Table.Th>Última Atualização</Table.Th>
                      <Table.Th w="26%">Relatório de Atualização</Table.Th>
                      <Table.Th w="26%">Relatório de Indicadores</Table.Th>
                      <Table.Th>Enviar Atualização</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {projects.map((project) => (
                      <ProjectEntry
                        key={project.id_token}
                        project={project}
                        layout="row"
                        drafts={drafts}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              <Stack gap="sm">
                {projects.map((project) => (
                  <ProjectEntry
                    key={project.id_token}
                    project={project}
                    layout="card"
                    drafts={drafts}
                  />
                ))}
              </Stack>
            )
          }
        </PagedCard>
      </Stack>
    </Container>
  );
}
