/**
 * A device as 'Dispositivos conectados' and 'Atividade da conta' name it (docs/product.md §19):
 * the browser and the system read from the user agent, without versions, so that a browser update
 * is not a new device. Our own few rules rather than a parser library (docs/DECISIONS.md): only the
 * families people use are named; anything else is 'Navegador desconhecido' or 'sistema
 * desconhecido'. Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome says Safari.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Dispositivo desconhecido';

export function describeDevice(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return UNKNOWN_DEVICE;
  return `${browser ?? 'Navegador desconhecido'} em ${system ?? 'sistema desconhecido'}`;
}
