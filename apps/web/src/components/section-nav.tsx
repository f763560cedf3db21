import { Container } from '@mantine/core';
import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { atPageBottom, scrollToSection } from '@/lib/section-scroll';
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
    let frame = 0;
    // The current section is the last one whose top has passed a line just below the sticky bars.
    const update = () => {
      frame = 0;
      const line = 200;
      let current: string | null = ids[0] ?? null;
      for (const id of ids) {
        const element = document.getElementById(id);
        if (element && !element.hidden && element.getBoundingClientRect().top <= line) current = id;
      }
      // At the very bottom the last section is current, however short it is.
      if (atPageBottom()) current = ids[ids.length - 1] ?? current;
      setActive(current);
    };
    const onScroll = () => {
      frame ||= window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
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
