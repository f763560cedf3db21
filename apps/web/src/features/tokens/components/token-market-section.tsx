import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MarketListings } from '@/components/market-listings';
import { sectionClass } from '@/components/section-nav';
import { useIsLoggedIn } from '@/lib/session';
import classes from './token-detail.module.css';

const TITLE_ID = 'market-title';

/**
 * #section-market (docs/product.md §18): the token's offers on the Mural de Negociação, for a
 * token whose offer succeeded. The board is for signed-in investors; a visitor is asked to sign in.
 */
export function TokenMarketSection({ tokenId }: { tokenId: number }) {
  const loggedIn = useIsLoggedIn();
  const title = (
    <Title order={2} id={TITLE_ID} className={classes.sectionTitle} mb={0}>
      Mural de Negociação
    </Title>
  );
  return (
    <section
      id="section-market"
      className={`${sectionClass} ${classes.section}`}
      aria-labelledby={TITLE_ID}
    >
      {loggedIn ? (
        <MarketListings
          tokenId={tokenId}
          header={
            <Group justify="space-between" gap="sm">
              {title}
              <Button
                component={Link}
                to="/mural"
                variant="light"
                leftSection={<IconBuildingStore size={18} />}
              >
                Ver o Mural
              </Button>
            </Group>
          }
          empty="Nenhuma oferta deste token no Mural no momento."
        />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {title}
          <Text mt="sm" mb="md">
            Investidores que já têm unidades deste token podem oferecê-las a outros investidores no
            Mural de Negociação. Entre na sua conta para ver as ofertas.
          </Text>
          <Button component={Link} to="/login">
            Entrar
          </Button>
        </Paper>
      )}
    </section>
  );
}
