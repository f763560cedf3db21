import { useId } from 'react';
import classes from './logo.module.css';

interface LogoMarkProps {
  size?: number;
  title?: string;
}

/** The Copaíba mark: a copaíba crown over its trunk, with a drop of its golden oil. */
export function LogoMark({ size = 36, title }: LogoMarkProps) {
  const gradientId = useId();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#167844" />
          <stop offset="1" stopColor="#093f25" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="13" fill={`url(#${gradientId})`} />
      <g fill="#d3eadc">
        <circle cx="24" cy="17" r="8.5" />
        <circle cx="14.5" cy="21.5" r="6.5" />
        <circle cx="33.5" cy="21.5" r="6.5" />
        <circle cx="18" cy="14.5" r="5.5" />
        <circle cx="30" cy="14.5" r="5.5" />
        <rect x="14.5" y="19" width="19" height="9" rx="4" />
      </g>
      <path
        d="M24 22v17M24 30.5l-4.5-4.5M24 28l4-4"
        fill="none"
        stroke="#0f5a35"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <path d="M24 28v11" fill="none" stroke="#d3eadc" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M13 39.5h22" stroke="#75bc93" strokeWidth="2" strokeLinecap="round" />
      <path
        d="M35.5 30s-3.2 3.6-3.2 5.7a3.2 3.2 0 0 0 6.4 0c0-2.1-3.2-5.7-3.2-5.7Z"
        fill="#f2b93a"
      />
    </svg>
  );
}

interface LogoProps {
  size?: number;
  tone?: 'dark' | 'light';
}

/** Mark + wordmark. The wordmark is text, so it scales and reads well at every size. */
export function Logo({ size = 36, tone = 'dark' }: LogoProps) {
  return (
    <span className={classes.logo} data-tone={tone}>
      <LogoMark size={size} />
      <span className={classes.wordmark} style={{ fontSize: size * 0.62 }}>
        Copaíba
      </span>
    </span>
  );
}
