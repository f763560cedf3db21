import { ActionIcon, Container, Group, Stack, Text } from '@mantine/core';
import { IconBrandInstagram, IconBrandLinkedin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import classes from './footer.module.css';

export const TERMS_URL = '/terms.pdf';
export const INSTAGRAM_URL = 'https://www.instagram.com/copaiba.invest/';
export const LINKEDIN_URL = 'https://www.linkedin.com/company/copaiba-invest/';

/** Shared footer (docs/product.md §1): logo, links, two social networks and the copyright line. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <Container size="xl" py={{ base: 40, sm: 56 }}>
        <div className={classes.grid}>
          <Stack gap="md" className={classes.brand}>
            <Link to="/" className={classes.logoLink} aria-label="Copaíba, página inicial">
              <Logo size={36} tone="light" />
            </Link>
            <Text size="sm" className={classes.muted} maw={280}>
              Investimentos em ativos naturais que mantêm a floresta amazônica em pé.
            </Text>
          </Stack>

          <Stack gap={10}>
            <Text className={classes.heading}>Institucional</Text>
            <Link to="/#sobre" className={classes.link}>
              Sobre
            </Link>
            <a href={TERMS_URL} target="_blank" rel="noopener noreferrer" className={classes.link}>
              Termos de uso
            </a>
          </Stack>

          <Stack gap={10}>
            <Text className={classes.heading}>Atendimento</Text>
            <Link to="/contact" className={classes.link}>
              Contato
            </Link>
            <Link to="/contact" className={classes.link}>
              Suporte ao cliente
            </Link>
          </Stack>

          <Stack gap={10}>
            <Text className={classes.heading}>Redes sociais</Text>
            <Group gap="sm">
              <ActionIcon
                component="a"
                href={INSTAGRAM_URL}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Instagram da Copaíba"
                size={40}
                radius="xl"
                variant="white"
                className={classes.social}
              >
                <IconBrandInstagram size={22} stroke={1.7} />
              </ActionIcon>
              <ActionIcon
                component="a"
                href={LINKEDIN_URL}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="LinkedIn da Copaíba"
                size={40}
                radius="xl"
                variant="white"
                className={classes.social}
              >
                <IconBrandLinkedin size={22} stroke={1.7} />
              </ActionIcon>
            </Group>
          </Stack>
        </div>

        <div className={classes.bottom}>
          <Text size="sm" className={classes.muted}>
            © {year} Copaíba. Todos os direitos reservados
          </Text>
        </div>
      </Container>
    </footer>
  );
}
