import { Container, Grid, Group, Skeleton, Stack } from '@mantine/core';
import classes from './token-detail.module.css';

/** The page's shape while the token loads. */
export function TokenDetailSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Carregando token">
      <div className={classes.hero}>
        <Container size="xl" className={classes.heroInner}>
          <Skeleton height={14} width={140} mb={20} opacity={0.3} />
          <Group gap="lg" mb={28} wrap="nowrap">
            <Skeleton circle height={88} opacity={0.3} />
            <Stack gap={10} style={{ flex: 1 }}>
              <Skeleton height={18} width={120} opacity={0.3} />
              <Skeleton height={34} width="60%" opacity={0.3} />
              <Skeleton height={14} width="40%" opacity={0.3} />
            </Stack>
          </Group>
          <Skeleton height={48} width="50%" opacity={0.3} />
        </Container>
      </div>
      <Container size="xl" py={40}>
        <Skeleton height={28} width={220} mb={20} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton height={380} radius="lg" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton height={380} radius="lg" />
          </Grid.Col>
        </Grid>
      </Container>
    </div>
  );
}
