import { Box, Button, Container, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { useIsLoggedIn } from '@/lib/session';
import { loggedOutButtons } from '../navigation';
import classes from './top-bar.module.css';

// The logged-in menus, one chunk per width: visitors download neither, and a phone not the
// desktop's menus (docs/PERFORMANCE.md, "The logged-in menus").
const DesktopNav = lazy(() => import('./desktop-nav'));
const PhoneNav = lazy(() => import('./phone-nav'));

/** Below this width the menu folds into a burger drawer. */
const DESKTOP_QUERY = '(min-width: 75em)';

/** docs/product.md §2 'Top bar'. */
export function TopBar() {
  const loggedIn = useIsLoggedIn();
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const { pathname } = useLocation();
  const buttons = loggedOutButtons(pathname);

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <Link
          to={loggedIn ? '/wallet' : '/'}
          className={classes.logoLink}
          aria-label="Copaíba, página inicial"
        >
          <Logo size={32} />
        </Link>

        {loggedIn ? (
          <Suspense fallback={null}>{isDesktop ? <DesktopNav /> : <PhoneNav />}</Suspense>
        ) : (
          <Group gap={6} wrap="nowrap" className={classes.right}>
            {buttons.login && (
              <Button
                component={Link}
                to="/login"
                variant="subtle"
                size="sm"
                className={classes.authButton}
              >
                Entrar
              </Button>
            )}
            {buttons.register && (
              <Button component={Link} to="/register" size="sm" className={classes.authButton}>
                Cadastre-se
              </Button>
            )}
          </Group>
        )}
      </Container>
    </Box>
  );
}
