export const GENERIC_ERROR = 'Desculpe, tente novamente mais tarde.';

/** An HTTP answer outside 2xx, or a request that never reached the server (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    super(message ?? extractErrorMessage(body) ?? GENERIC_ERROR);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The `code` an error body names (risk_term_required, two_factor_required…), if any. */
export function errorCode(body: unknown): string | undefined {
  return isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
}

/** A 403 whose body names `code`. */
export function isForbiddenWith(error: unknown, code: string): boolean {
  return isApiError(error) && error.status === 403 && errorCode(error.body) === code;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const message = firstMessage(item);
      if (message) return message;
    }
    return undefined;
  }
  if (isRecord(value)) {
    for (const item of Object.values(value)) {
      const message = firstMessage(item);
      if (message) return message;
    }
  }
  return undefined;
}

/**
 * The message to show for an error body: `detail`, else `message`, else the first message of
 * the first field of a DRF-style body `{field: ["msg", ...]}`.
 */
export function extractErrorMessage(body: unknown): string | undefined {
  if (typeof body === 'string') {
    // A plain-text answer is shown; an HTML error page from a proxy is not.
    const text = body.trim();
    return text && text.length <= 300 && !text.startsWith('<') ? text : undefined;
  }
  if (!isRecord(body)) return undefined;
  if (typeof body.detail === 'string' && body.detail) return body.detail;
  if (typeof body.message === 'string' && body.message) return body.message;
  for (const value of Object.values(body)) {
    const message = firstMessage(value);
    if (message) return message;
  }
  return undefined;
}

/** The first message of each field of a DRF-style body, e.g. to show them inline in a form. */
export function fieldErrors(body: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!isRecord(body)) return result;
  for (const [field, value] of Object.entries(body)) {
    if (field === 'detail' || field === 'message') continue;
    const message = firstMessage(value);
    if (message) result[field] = message;
  }
  return result;
}

/** The message for any thrown value: the server's words when there are some. */
export function errorMessage(error: unknown, fallback: string = GENERIC_ERROR): string {
  if (isApiError(error)) return error.message || fallback;
  return fallback;
}
