import {
  Avatar,
  Burger,
  Divider,
  Drawer,
  Group,
  Menu,
  NavLink as MantineNavLink,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconChevronDown,
  IconDevices,
  IconHistory,
  IconLogout,
  IconReportMoney,
  IconShieldCheck,
  IconShieldLock,
  type Icon,
} from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { firstName, useCurrentUser } from '@/lib/current-user';
import { menuEntries } from '../navigation';
import classes from './top-bar.module.css';

const moreButtonContent = (
  <Group gap={4} wrap="nowrap" component="span">
    Mais
    <IconChevronDown size={14} stroke={2} />
  </Group>
);

/**
 * How many menu entries fit beside the logo and the user menu; the rest go under 'Mais'.
 * Measures hidden copies of the entries, so it follows fonts, labels and window size.
 */
function useFittingCount(
  navRef: RefObject<HTMLElement | null>,
  measureRef: RefObject<HTMLDivElement | null>,
  signature: string,
): number {
  const [count, setCount] = useState(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    if (!nav || !measure) return;
    const compute = () => {
      const widths = Array.from(measure.children, (child) => child.getBoundingClientRect().width);
      const more = widths.pop() ?? 0;
      // A CSS length in px (layout only, never money).
      const gap = parseFloat(getComputedStyle(measure).columnGap) || 0;
      const available = nav.clientWidth;
      const total = (n: number) => widths.slice(0, n).reduce((sum, w) => sum + w + gap, 0);
      if (total(widths.length) <= available) return setCount(widths.length);
      let n = widths.length - 1;
      while (n > 0 && total(n) + more > available) n -= 1;
      setCount(n);
    };
    compute();
    const observer = new ResizeObserver(compute);
    observer.observe(nav);
    return () => observer.disconnect();
  }, [navRef, measureRef, signature]);
  return count;
}

/** The account's security screens, in the user menu (docs/product.md §19). */
const SECURITY_LINKS: Array<{ to: string; label: string; icon: Icon }> = [
  { to: '/two-factor', label: 'Autenticação em dois fatores', icon: IconShieldCheck },
  { to: '/devices', label: 'Dispositivos conectados', icon: IconDevices },
  { to: '/account-activity', label: 'Atividade da conta', icon: IconHistory },
];

/** Below this width the menu folds into a burger drawer. */
const DESKTOP_QUERY = '(min-width: 75em)';

function initials(name: string | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return (
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')
  ).toUpperCase();
}

/**
 * The logged-in half of the top bar: menu entries (docs/product.md §6), greeting and the user menu, or a
 * burger drawer on smaller screens. Loaded on demand: visitors never download the menus.
 */
export default function LoggedInNav() {
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const entries = menuEntries(user, true);
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  // The desktop bar mounts a new nav after a phone-sized spell: measured again then.
  const fitting = useFittingCount(
    navRef,
    measureRef,
    `${isDesktop}|${entries.map((e) => e.label).join('|')}`,
  );
  const visible = entries.slice(0, fitting);
  const hidden = entries.slice(fitting);
  const greeting = user?.name ? `Olá ${firstName(user.name)}` : 'Olá';

  return (
    <>
      {isDesktop && (
        <nav aria-label="Menu principal" className={classes.nav} ref={navRef}>
          <div className={classes.measure} ref={measureRef} aria-hidden>
            {entries.map((entry) => (
              <span key={entry.to} className={classes.navLink}>
                {entry.label}
              </span>
            ))}
            <span className={classes.navLink}>{moreButtonContent}</span>
          </div>
          {visible.map((entry) => (
            <NavLink key={entry.to} to={entry.to} className={classes.navLink}>
              {entry.label}
            </NavLink>
          ))}
          {hidden.length > 0 && (
            <Menu position="bottom-start" shadow="md" withinPortal>
              <Menu.Target>
                <UnstyledButton
                  className={classes.navLink}
                  data-active={hidden.some((e) => e.to === pathname) || undefined}
                >
                  {moreButtonContent}
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                {hidden.map((entry) => (
                  <Menu.Item key={entry.to} component={Link} to={entry.to}>
                    {entry.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </nav>
      )}
      <Group gap="xs" wrap="nowrap" className={classes.right}>
        <NotificationBell />
        {isDesktop ? (
          <Menu position="bottom-end" width={220} shadow="md" withinPortal>
            <Menu.Target>
              {/* Named by what it shows, then what it opens (WCAG 2.5.3: the label in the name). */}
              <UnstyledButton className={classes.userButton}>
                <Group gap={10} wrap="nowrap">
                  <Avatar color="copaiba" radius="xl" size={34} aria-hidden>
                    {initials(user?.name)}
                  </Avatar>
                  <Text fw={600} size="sm" c="copaiba.9">
                    {greeting}
                  </Text>
                  <VisuallyHidden>Menu do usuário</VisuallyHidden>
                  <IconChevronDown size={16} stroke={1.8} />
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {user?.email && <Menu.Label>{user.email}</Menu.Label>}
              <Menu.Item
                component={Link}
                to="/investor-profile"
                leftSection={<IconReportMoney size={16} />}
              >
                Perfil de Investidor
              </Menu.Item>
              <Menu.Item component={Link} to="/privacy" leftSection={<IconShieldLock size={16} />}>
                Privacidade e dados
              </Menu.Item>
              {SECURITY_LINKS.map(({ to, label, icon: LinkIcon }) => (
                <Menu.Item key={to} component={Link} to={to} leftSection={<LinkIcon size={16} />}>
                  {label}
                </Menu.Item>
              ))}
              <Menu.Item
                component={Link}
                to="/logout"
                color="red"
                leftSection={<IconLogout size={16} />}
              >
                Sair
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : (
          <>
            <Text fw={600} size="sm" c="copaiba.9" className={classes.mobileGreeting}>
              {greeting}
            </Text>
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              aria-label="Abrir menu"
              aria-expanded={drawerOpened}
              size="sm"
            />
          </>
        )}
      </Group>
      <Drawer
        opened={drawerOpened && !isDesktop}
        onClose={drawer.close}
        position="right"
        size={300}
        title={<Logo size={28} />}
        closeButtonProps={{ 'aria-label': 'Fechar menu' }}
      >
        <Stack gap={4}>
          <Group gap="sm" wrap="nowrap" px="sm" py="xs">
            <Avatar color="copaiba" radius="xl">
              {initials(user?.name)}
            </Avatar>
            <div>
              <Text fw={600}>{greeting}</Text>
              {user?.email && (
                <Text size="xs" c="dimmed">
                  {user.email}
                </Text>
              )}
            </div>
          </Group>
          <Divider my="xs" />
          <nav aria-label="Menu principal">
            {entries.map((entry) => (
              <MantineNavLink
                key={entry.to}
                component={NavLink}
                to={entry.to}
                label={entry.label}
                active={pathname === entry.to}
                variant="light"
                onClick={drawer.close}
                className={classes.drawerLink}
              />
            ))}
          </nav>
          <Divider my="xs" />
          <MantineNavLink
            component={Link}
            to="/investor-profile"
            label="Perfil de Investidor"
            leftSection={<IconReportMoney size={18} />}
            onClick={drawer.close}
            className={classes.drawerLink}
          />
          <MantineNavLink
            component={Link}
            to="/privacy"
            label="Privacidade e dados"
            leftSection={<IconShieldLock size={18} />}
            onClick={drawer.close}
            className={classes.drawerLink}
          />
          {SECURITY_LINKS.map(({ to, label, icon: LinkIcon }) => (
            <MantineNavLink
              key={to}
              component={Link}
              to={to}
              label={label}
              leftSection={<LinkIcon size={18} />}
              onClick={drawer.close}
              className={classes.drawerLink}
            />
          ))}
          <MantineNavLink
            component={Link}
            to="/logout"
            label="Sair"
            leftSection={<IconLogout size={18} />}
            c="red.7"
            onClick={drawer.close}
            className={classes.drawerLink}
          />
        </Stack>
      </Drawer>
    </>
  );
}
