import { Container, Group, Skeleton, Stack } from '@mantine/core';
import classes from './issuer-detail.module.css';

export function IssuerDetailSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Carregando emissor">
      <Skeleton className={classes.banner} radius={0} />
      <Container size="xl">
        <div className={classes.head}>
          <Skeleton circle height={128} className={classes.logo} />
          <Stack gap={10} style={{ flex: 1 }} pb={6}>
            <Skeleton height={32} width="55%" />
            <Skeleton height={14} width="30%" />
          </Stack>
        </div>
        <Group align="flex-start" mt={40} gap="lg" grow>
          <Skeleton height={220} radius="lg" />
          <Skeleton height={220} radius="lg" />
        </Group>
      </Container>
    </div>
  );
}
