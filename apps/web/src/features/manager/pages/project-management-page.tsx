import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconFolderOpen, IconRefresh } from '@tabler/icons-react';
import {
  Alert,
  Button,
  Card,
  Container,
  EmptyState,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { errorMessage } from '@/lib/api-error';
import { usePageTitle } from '@/lib/page-title';
import { useManagerProjects } from '../api/list-projects';
import { PageArrows } from '@/components/page-arrows';
import { ProjectEntry } from '../components/project-entry';
import { usePageParam } from '../lib/use-page-param';

/** /project-management 'Gestão de Projetos' (docs/product.md §2): reports for the projects I manage. */
export default function ProjectManagementPage() {
  usePageTitle('Gestão de Projetos');
  const [page, setPage] = usePageParam();
  const query = useManagerProjects(page);
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const data = query.data;

  let body;
  if (query.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Carregando">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={72} radius="sm" />
        ))}
      </Stack>
    );
  } else if (query.isError && !data) {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={20} />}
        title="Não foi possível carregar"
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <span>{errorMessage(query.error)}</span>
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={() => (page > 1 ? setPage(1) : void query.refetch())}
          >
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!data || data.results.length === 0) {
    body = (
      <EmptyState
        py="xl"
        variant="light"
        color="copaiba"
        icon={<IconFolderOpen size={26} stroke={1.6} />}
        title="Não existem projetos para exibir."
      />
    );
  } else if (wide) {
    body = (
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
            {data.results.map((project) => (
              <ProjectEntry key={project.id_token} project={project} layout="row" />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  } else {
    body = (
      <Stack gap="sm">
        {data.results.map((project) => (
          <ProjectEntry key={project.id_token} project={project} layout="card" />
        ))}
      </Stack>
    );
  }

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
        <Card
          padding={wide ? 'lg' : 0}
          shadow={wide ? 'xs' : 'none'}
          withBorder={wide}
          bg={wide ? undefined : 'transparent'}
        >
          <Stack gap="md">
            {body}
            {data && data.results.length > 0 && (
              <PageArrows
                page={page}
                hasPrevious={Boolean(data.previous)}
                hasNext={Boolean(data.next)}
                onChange={setPage}
                noun="projetos"
              />
            )}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
