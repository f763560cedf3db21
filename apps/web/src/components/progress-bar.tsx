import classes from './progress-bar.module.css';

interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  label: string;
  /** Track and bar colours for dark backgrounds. */
  tone?: 'light' | 'dark';
  size?: 'sm' | 'md' | 'lg';
}

/** A funding progress bar (role progressbar). Plain CSS, so the landing bundle stays small. */
export function ProgressBar({ value, label, tone = 'light', size = 'md' }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      className={classes.track}
      data-tone={tone}
      data-size={size}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
    >
      <div className={classes.bar} style={{ width: `${clamped}%` }} />
    </div>
  );
}
