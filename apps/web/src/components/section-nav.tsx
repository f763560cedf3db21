import { Container } from '@mantine/core';
import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { scrollToSection } from '@/lib/section-scroll';
import classes from './section-nav.module.css';

export type SectionNavItem = { label: string; section: string } | { label: string; to: string };

interface SectionNavProps {
  items: SectionNavItem[];
  label: string;
}

/** Class for sections the bar points at: they stop below the top bar and this bar. */
export const sectionClass = classes.section;

/**
 * A sticky bar under the top bar with links to the page's sections (by hash) or to other pages.
 * The link of the section in view is marked current.
 */
export function SectionNav({ items, label }: SectionNavProps) {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const sections = items.flatMap((item) => ('section' in item ? [item.section] : []));
  const sectionKey = sections.join(' ');
  const [active, setActive] = useState<string | null>(() => {
    const fromHash = decodeURIComponent(hash.slice(1));
    return sections.includes(fromHash) ? fromHash : (sections[0] ?? null);
  });

  useEffect(() => {
    const ids = sectionKey.split(' ');
    const elements = ids
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null && !el.hidden);
    if (elements.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const visible = new Map<string, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting);
        const first = ids.find((id) => visible.get(id));
        if (first) setActive(first);
      },
      // The band just below the sticky bars decides which section is current.
      { rootMargin: '-150px 0px -55% 0px' },
    );
    elements.forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [sectionKey]);

  const go = (event: MouseEvent<HTMLAnchorElement>, section: string) => {
    event.preventDefault();
    setActive(section);
    if (decodeURIComponent(hash.slice(1)) === section) scrollToSection(section);
    else void navigate({ hash: `#${section}` }, { replace: true, preventScrollReset: true });
  };

  return (
    <nav className={classes.bar} aria-label={label}>
      <Container size="xl" className={classes.inner}>
        {items.map((item) =>
          'section' in item ? (
            <a
              key={item.label}
              href={`#${item.section}`}
              className={classes.link}
              aria-current={active === item.section ? 'location' : undefined}
              onClick={(event) => go(event, item.section)}
            >
              {item.label}
            </a>
          ) : (
            <Link key={item.label} to={item.to} className={classes.link}>
              {item.label}
            </Link>
          ),
        )}
      </Container>
    </nav>
  );
}
