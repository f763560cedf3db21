/** Decorative canopy and river, drawn in the brand palette. */
export function ForestIllustration() {
  const crowns: [number, number, number, string][] = [
    [70, 190, 46, '#167844'],
    [150, 170, 58, '#238b52'],
    [250, 182, 52, '#167844'],
    [340, 160, 64, '#32985f'],
    [430, 188, 48, '#167844'],
    [110, 232, 50, '#0f5a35'],
    [215, 236, 56, '#0f5a35'],
    [315, 230, 50, '#0f5a35'],
    [410, 238, 56, '#0f5a35'],
  ];
  return (
    <svg viewBox="0 0 480 360" width="100%" role="presentation" aria-hidden focusable="false">
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fdeecd" />
          <stop offset="1" stopColor="#eaf6ef" />
        </linearGradient>
        <linearGradient id="river" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#f5c966" />
          <stop offset="1" stopColor="#e9a20f" />
        </linearGradient>
        <clipPath id="frame">
          <rect width="480" height="360" rx="28" />
        </clipPath>
      </defs>
      <g clipPath="url(#frame)">
        <rect width="480" height="360" fill="url(#sky)" />
        <circle cx="372" cy="86" r="34" fill="#f5c966" opacity="0.9" />
        {crowns.map(([cx, cy, r, fill], i) => (
          <g key={i} fill={fill}>
            <circle cx={cx} cy={cy} r={r} />
            <circle cx={cx - r * 0.62} cy={cy + r * 0.28} r={r * 0.62} />
            <circle cx={cx + r * 0.62} cy={cy + r * 0.28} r={r * 0.62} />
          </g>
        ))}
        <rect x="0" y="262" width="480" height="98" fill="#093f25" />
        <path
          d="M-10 330c70-26 120-6 190-20s120-44 190-30 90 20 120 14v90H-10z"
          fill="url(#river)"
          opacity="0.95"
        />
        <path
          d="M40 318c50-10 90 0 140-8M250 300c40-10 80-6 120 2"
          stroke="#fff8e6"
          strokeWidth="3"
          strokeLinecap="round"
          fill="none"
          opacity="0.7"
        />
      </g>
    </svg>
  );
}
