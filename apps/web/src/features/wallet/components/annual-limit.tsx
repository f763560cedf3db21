import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useInvestorProfile } from '@/lib/investor-protection';
import { money } from './money-text';

/**
 * What is left of the year's investment limit (CVM Resolução 88, docs/product.md §15), with the
 * way to the 'Perfil de Investidor' that sets it.
 */
export function AnnualLimit({ hidden }: { hidden: boolean }) {
  const profile = useInvestorProfile();
  const data = profile.data;
  if (profile.isError) return null;
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} data-testid="annual-limit">
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconShieldCheck size={28} stroke={1.6} color="var(--mantine-color-copaiba-7)" />
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Limite anual de investimento disponível
            </Text>
            {!data ? (
              // The figure and the line under it, held at their height while they load.
              <>
                <Skeleton h={28} w={160} my={3} />
                <Skeleton h={12} w={240} my={3} />
              </>
            ) : (
              <Text fz={22} fw={700} c="copaiba.9" data-testid="annual-limit-remaining">
                {data.remaining_annual_limit === null
                  ? 'Sem limite (investidor qualificado)'
                  : money(data.remaining_annual_limit, hidden)}
              </Text>
            )}
            {data && data.annual_limit !== null && (
              <Text size="xs" c="dimmed">
                de {money(data.annual_limit, hidden)} por ano · investido este ano:{' '}
                {money(data.invested_this_year, hidden)}
              </Text>
            )}
          </Stack>
        </Group>
        <Anchor component={Link} to="/investor-profile" fw={600} size="sm">
          Perfil de Investidor
        </Anchor>
      </Group>
    </Paper>
  );
}
