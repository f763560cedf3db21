/** The `secret` of an otpauth:// URL, grouped in fours for typing; null when absent. */
export function otpSecret(url: string): string | null {
  const match = /[?&]secret=([^&#]+)/i.exec(url);
  if (!match) return null;
  const secret = decodeURIComponent(match[1]!).toUpperCase();
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
