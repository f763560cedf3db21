import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { greeting, useCurrentUser } from '@/lib/current-user';
import { initials } from '@/lib/format';
import { menuEntries } from '../navigation';
import { ACCOUNT_LINKS } from './account-links';
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

/**
 * The logged-in half of the top bar on a wide screen: the menu entries (docs/product.md §6), those
 * that do not fit under 'Mais', the bell and the user menu. A chunk of its own, which phones never
 * download (top-bar.tsx).
 */
export default function DesktopNav() {
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  const entries = menuEntries(user, true);
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const fitting = useFittingCount(navRef, measureRef, entries.map((e) => e.label).join('|'));
  const visible = entries.slice(0, fitting);
  const hidden = entries.slice(fitting);

  return (
    <>
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
      <Group gap="xs" wrap="nowrap" className={classes.right}>
        <NotificationBell />
        <Menu position="bottom-end" width={220} shadow="md" withinPortal>
          <Menu.Target>
            {/* Named by what it shows, then what it opens (WCAG 2.5.3: the label in the name). */}
            <UnstyledButton className={classes.userButton}>
              <Group gap={10} wrap="nowrap">
                <Avatar color="copaiba" radius="xl" size={34} aria-hidden>
                  {initials(user?.name)}
                </Avatar>
                <Text fw={600} size="sm" c="copaiba.9">
                  {greeting(user?.name)}
                </Text>
                <VisuallyHidden>Menu do usuário</VisuallyHidden>
                <IconChevronDown size={16} stroke={1.8} />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {user?.email && <Menu.Label>{user.email}</Menu.Label>}
            {ACCOUNT_LINKS.map(({ to, label, icon: LinkIcon }) => (
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
      </Group>
    </>
  );
}
