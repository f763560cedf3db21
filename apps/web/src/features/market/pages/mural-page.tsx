import { Container, Stack, Text, Title } from '@mantine/core';
import { MarketListings } from '@/components/market-listings';
import { usePageTitle } from '@/lib/page-title';
import { MyListings } from '../components/my-listings';

/**
 * /mural, 'Mural de Negociação' (docs/product.md §18): investors' offers of units of tokens whose
 * offer succeeded, bought through a simulation and a confirmation; 'Minhas ofertas' below.
 */
export default function MuralPage() {
  usePageTitle('Mural de Negociação');
  return (
    // 'xl': the board's eight columns fit at 1280 px without scrolling sideways.
    <Container size="xl" py={{ base: 24, sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 26, sm: 32 }} c="copaiba.9">
            Mural de Negociação
          </Title>
          <Text c="dimmed" maw={760}>
            Investidores da Copaíba oferecem aqui unidades de tokens com a oferta concluída, ao
            preço que escolherem. Quem compra passa a receber as parcelas seguintes; a transferência
            fica registrada em blockchain.
          </Text>
        </Stack>
        <MarketListings
          tokenId={null}
          header={
            <Title order={2} fz={{ base: 20, sm: 24 }} c="copaiba.9">
              Ofertas
            </Title>
          }
          empty="Nenhuma oferta no Mural no momento."
        />
        <MyListings />
      </Stack>
    </Container>
  );
}
