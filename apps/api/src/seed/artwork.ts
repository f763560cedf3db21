/**
 * Amazon-themed pictures drawn as SVG for the demo catalogue (no downloads): landscapes, logos,
 * portraits, diagrams. Deterministic: the same seed draws the same picture.
 */
export interface Palette {
  sky: [string, string];
  forest: [string, string, string];
  water: string;
  accent: string;
}

export const palettes: Palette[] = [
  {
    sky: ['#f6d8a8', '#9fd3c7'],
    forest: ['#1f5130', '#2d6a3e', '#3f8a52'],
    water: '#4a90a4',
    accent: '#d9912b',
  },
  {
    sky: ['#ffd6a5', '#caffbf'],
    forest: ['#16432a', '#24693f', '#4d9e5d'],
    water: '#3d7ea6',
    accent: '#b5651d',
  },
  {
    sky: ['#bde0fe', '#e9f5db'],
    forest: ['#1b4332', '#2d6a4f', '#40916c'],
    water: '#5e8fa8',
    accent: '#e09f3e',
  },
  {
    sky: ['#fde4cf', '#cfe1b9'],
    forest: ['#283618', '#3a5a40', '#588157'],
    water: '#457b9d',
    accent: '#bc6c25',
  },
  {
    sky: ['#e2ece9', '#fad2e1'],
    forest: ['#14532d', '#166534', '#15803d'],
    water: '#0e7490',
    accent: '#ca8a04',
  },
  {
    sky: ['#fefae0', '#d8f3dc'],
    forest: ['#081c15', '#1b4332', '#52b788'],
    water: '#2a6f97',
    accent: '#dda15e',
  },
];

function rng(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

const esc = (s: string) =>
  s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

function trees(
  random: () => number,
  color: string,
  baseY: number,
  count: number,
  scale: number,
  width: number,
): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = random() * width;
    const h = (60 + random() * 90) * scale;
    const r = (22 + random() * 26) * scale;
    out += `<rect x="${x - 3 * scale}" y="${baseY - h}" width="${6 * scale}" height="${h}" fill="#3b2a1a" opacity="0.8"/>`;
    out += `<circle cx="${x}" cy="${baseY - h}" r="${r}" fill="${color}"/>`;
    out += `<circle cx="${x - r * 0.6}" cy="${baseY - h + r * 0.4}" r="${r * 0.7}" fill="${color}"/>`;
    out += `<circle cx="${x + r * 0.6}" cy="${baseY - h + r * 0.4}" r="${r * 0.7}" fill="${color}"/>`;
  }
  return out;
}

/** A 16:9 river-and-forest landscape. */
export function landscape(p: Palette, seed: number): string {
  const random = rng(seed);
  const w = 1600;
  const h = 900;
  const sunX = 200 + random() * 1200;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[0]}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${160 + random() * 80}" r="70" fill="${p.accent}" opacity="0.55"/>
<path d="M0 520 Q 400 ${430 + random() * 60} 800 500 T 1600 480 V 900 H 0 Z" fill="${p.forest[2]}" opacity="0.7"/>
${trees(random, p.forest[2], 560, 26, 0.7, w)}
${trees(random, p.forest[1], 650, 22, 1, w)}
<path d="M0 720 Q 500 ${640 + random() * 60} 900 730 T 1600 700 V 900 H 0 Z" fill="${p.water}"/>
<path d="M0 760 Q 500 700 900 770 T 1600 740" stroke="#ffffff" stroke-width="4" fill="none" opacity="0.35"/>
${trees(random, p.forest[0], 900, 14, 1.5, w)}
</svg>`;
}

/** A 1:1 logo: a leaf in a circle with the initials. */
export function logo(p: Palette, initials: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<rect width="512" height="512" fill="#ffffff"/>
<circle cx="256" cy="256" r="230" fill="${p.forest[0]}"/>
<path d="M256 96 C 360 150 380 280 256 376 C 132 280 152 150 256 96 Z" fill="${p.forest[2]}"/>
<path d="M256 120 V 370" stroke="${p.sky[0]}" stroke-width="10"/>
<text x="256" y="462" font-family="Liberation Sans, Arial, sans-serif" font-size="64" font-weight="700" text-anchor="middle" fill="#ffffff">${esc(initials)}</text>
</svg>`;
}

/** A 1:1 portrait placeholder: head and shoulders over a soft background. */
export function portrait(p: Palette, seed: number): string {
  const random = rng(seed);
  const skin = ['#8d5524', '#c68642', '#e0ac69', '#6b4226', '#a0522d'][Math.floor(random() * 5)];
  const shirt = p.forest[Math.floor(random() * 3)];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<rect width="512" height="512" fill="${p.sky[0]}"/>
<circle cx="256" cy="210" r="96" fill="${skin}"/>
<path d="M96 512 C 110 360 180 320 256 320 C 332 320 402 360 416 512 Z" fill="${shirt}"/>
<path d="M160 190 C 170 100 342 100 352 190 C 330 140 190 140 160 190 Z" fill="#2b1d14"/>
</svg>`;
}

/** A 16:9 diagram of labelled boxes joined left to right. */
export function flowDiagram(p: Palette, steps: string[]): string {
  const boxW = 1400 / steps.length - 40;
  const boxes = steps
    .map((step, i) => {
      const x = 100 + i * (boxW + 40);
      const arrow =
        i < steps.length - 1
          ? `<path d="M${x + boxW + 4} 450 h 28" stroke="${p.accent}" stroke-width="8" marker-end="url(#a)"/>`
          : '';
      return `<rect x="${x}" y="360" width="${boxW}" height="180" rx="24" fill="${i % 2 ? p.forest[1] : p.forest[0]}"/>
<text x="${x + boxW / 2}" y="462" font-family="Liberation Sans, Arial, sans-serif" font-size="30" font-weight="700" text-anchor="middle" fill="#ffffff">${esc(step)}</text>${arrow}`;
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
<defs><marker id="a" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="${p.accent}"/></marker></defs>
<rect width="1600" height="900" fill="#f7faf5"/>
<text x="800" y="200" font-family="Liberation Sans, Arial, sans-serif" font-size="52" font-weight="700" text-anchor="middle" fill="${p.forest[0]}">Fluxo da operação</text>
${boxes}
</svg>`;
}

/** A 16:9 organisation chart: one root over several children. */
export function structureDiagram(p: Palette, root: string, children: string[]): string {
  const childW = 1300 / children.length - 30;
  const nodes = children
    .map((child, i) => {
      const x = 150 + i * (childW + 30);
      return `<path d="M800 330 V 420 H ${x + childW / 2} V 500" stroke="${p.forest[2]}" stroke-width="6" fill="none"/>
<rect x="${x}" y="500" width="${childW}" height="140" rx="20" fill="${p.forest[1]}"/>
<text x="${x + childW / 2}" y="582" font-family="Liberation Sans, Arial, sans-serif" font-size="28" text-anchor="middle" fill="#ffffff">${esc(child)}</text>`;
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
<rect width="1600" height="900" fill="#f7faf5"/>
<text x="800" y="130" font-family="Liberation Sans, Arial, sans-serif" font-size="52" font-weight="700" text-anchor="middle" fill="${p.forest[0]}">Estrutura do projeto</text>
<rect x="550" y="200" width="500" height="130" rx="24" fill="${p.forest[0]}"/>
<text x="800" y="278" font-family="Liberation Sans, Arial, sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="#ffffff">${esc(root)}</text>
${nodes}
</svg>`;
}

/** A 16:9 impact card: a big figure and its caption over a landscape strip. */
export function impactCard(p: Palette, figure: string, caption: string, seed: number): string {
  const random = rng(seed);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
<rect width="1600" height="900" fill="${p.forest[0]}"/>
${trees(random, p.forest[1], 900, 18, 1.3, 1600)}
<text x="800" y="380" font-family="Liberation Sans, Arial, sans-serif" font-size="160" font-weight="700" text-anchor="middle" fill="${p.accent}">${esc(figure)}</text>
<text x="800" y="480" font-family="Liberation Sans, Arial, sans-serif" font-size="48" text-anchor="middle" fill="#ffffff">${esc(caption)}</text>
</svg>`;
}
