import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCompass, IconHeartHandshake, IconLeaf } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { useScrollToHash } from '@/lib/section-scroll';
import { ForestIllustration } from '../components/forest-illustration';
import { WhenVisible } from '@/components/when-visible';
import { TokenizationFlow } from '../components/tokenization-flow';
import classes from './home-page.module.css';

const PILLARS = [
  {
    title: 'Valores',
    icon: IconHeartHandshake,
    text: 'Transparência em cada número, respeito aos povos e comunidades da floresta e segurança em todas as operações. Você sabe quem recebe cada real investido e acompanha o que ele produz.',
  },
  {
    title: 'Propósito',
    icon: IconLeaf,
    text: 'Levar crédito justo às cooperativas e associações que mantêm a Amazônia em pé, financiando a produção sustentável de castanha, açaí, óleos, mel e pescado manejado.',
  },
  {
    title: 'Visão',
    icon: IconCompass,
    text: 'Uma Amazônia em que a floresta viva vale mais do que derrubada, com a Copaíba como referência brasileira em investimentos lastreados em ativos naturais.',
  },
];

// Below the fold: their code (cards, badges, carousel) loads as the visitor scrolls towards them.
const TokensSection = lazy(() =>
  import('../components/tokens-section').then((m) => ({ default: m.TokensSection })),
);
const IssuersCarousel = lazy(() =>
  import('../components/issuers-carousel').then((m) => ({ default: m.IssuersCarousel })),
);

/**
 * The space a block below the fold will take. It shimmers only while its code loads (`loading`):
 * until the visitor scrolls near it, it waits off screen, where a shimmer would repaint every frame
 * for nobody (14 % of a core in headless Chromium, docs/PERFORMANCE.md).
 */
function BlockPlaceholder({
  items,
  height,
  loading = false,
}: {
  items: number;
  height: number;
  loading?: boolean;
}) {
  return (
    <div className={classes.placeholder} role="status" aria-busy="true" aria-label="Carregando">
      {Array.from({ length: items }, (_, i) => (
        <div
          key={i}
          className={classes.placeholderItem}
          data-loading={loading || undefined}
          style={{ height }}
        />
      ))}
    </div>
  );
}

export default function HomePage() {
  usePageTitle('');
  // 'Sobre' and the other anchors of the footer: after the page is laid out, as on every screen.
  useScrollToHash(true);

  return (
    <>
      <section className={classes.hero}>
        <Container size="xl" py={{ base: 48, md: 88 }}>
          <div className={classes.heroGrid}>
            <Stack gap="lg" className={classes.heroText}>
              <Badge variant="light" color="oil" size="lg" radius="sm" w="fit-content">
                Ativos naturais da Amazônia
              </Badge>
              <Title order={1} className={classes.title}>
                Invista na floresta em pé.
              </Title>
              <Text size="lg" className={classes.lead}>
                Adquira tokens lastreados em ativos naturais e projetos de bioeconomia da Amazônia,
                acompanhe cada etapa com transparência e receba a remuneração direto na sua
                carteira.
              </Text>
              <Group gap="sm" mt="xs">
                <Button component={Link} to="/register" size="lg">
                  Criar minha conta
                </Button>
                <Button component="a" href="#tokens" size="lg" variant="default">
                  Ver tokens disponíveis
                </Button>
              </Group>
            </Stack>
            <div className={classes.illustration}>
              <ForestIllustration />
            </div>
          </div>
        </Container>
      </section>

      <section id="sobre" className={classes.about}>
        <Container size="xl" py={{ base: 48, md: 72 }}>
          <Stack gap="xl">
            <Stack gap={6} maw={640}>
              <Title order={2} c="copaiba.9">
                Sobre a Copaíba
              </Title>
              <Text c="dimmed">
                Como o óleo da copaíba, que é colhido sem derrubar a árvore, cada token da
                plataforma remunera quem investe mantendo a floresta viva.
              </Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              {PILLARS.map(({ title, icon: Icon, text }) => (
                <Card key={title} padding="xl" shadow="xs">
                  <ThemeIcon size={44} radius="md" variant="light" color="copaiba" mb="md">
                    <Icon size={24} stroke={1.7} />
                  </ThemeIcon>
                  <Title order={3} fz="lg" mb={6}>
                    {title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {text}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        </Container>
      </section>

      <section id="como-funciona" className={classes.flow} aria-labelledby="como-funciona-title">
        <Container size="xl" py={{ base: 48, md: 72 }}>
          <Stack gap="xl">
            <SectionHeading
              id="como-funciona-title"
              title="Como funciona a tokenização"
              text="Do cadastro do emissor ao pagamento das parcelas, cada etapa é registrada e fica visível para quem investe."
            />
            <TokenizationFlow />
          </Stack>
        </Container>
      </section>

      <section id="tokens" className={classes.tokens} aria-labelledby="tokens-title">
        <Container size="xl" py={{ base: 48, md: 72 }}>
          <Stack gap="xl">
            <SectionHeading
              id="tokens-title"
              title="Tokens de Ativos"
              text="Tokens emitidos por cooperativas e associações da Amazônia, com preço, prazo e rentabilidade definidos."
            />
            <WhenVisible placeholder={<BlockPlaceholder items={3} height={520} />}>
              <Suspense fallback={<BlockPlaceholder items={3} height={520} loading />}>
                <TokensSection />
              </Suspense>
            </WhenVisible>
          </Stack>
        </Container>
      </section>

      <section id="emissores" className={classes.issuers} aria-labelledby="emissores-title">
        <Container size="xl" py={{ base: 48, md: 72 }}>
          <Stack gap="xl">
            <SectionHeading
              id="emissores-title"
              title="Emissores de tokens"
              text="Conheça quem produz na floresta e emite os tokens da plataforma."
            />
            <WhenVisible placeholder={<BlockPlaceholder items={4} height={340} />}>
              <Suspense fallback={<BlockPlaceholder items={4} height={340} loading />}>
                <IssuersCarousel />
              </Suspense>
            </WhenVisible>
          </Stack>
        </Container>
      </section>
    </>
  );
}

function SectionHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <Stack gap={6} maw={680}>
      <Title order={2} id={id} c="copaiba.9">
        {title}
      </Title>
      <Text c="dimmed">{text}</Text>
    </Stack>
  );
}
