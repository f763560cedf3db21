/** An http(s) URL typed by an issuer, safe for href; anything else (javascript:, data:) is null. */
export function safeExternalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** 'coopjari.example.org' for 'https://www.coopjari.example.org/x'. */
export function urlHost(value: string): string {
  try {
    return new URL(value).host.replace(/^www\./, '');
  } catch {
    return value;
  }
}
