/** What a request meets while the server cannot serve it: database down, starting or draining. */
export const TEMPORARILY_UNAVAILABLE =
  'Serviço temporariamente indisponível. Tente novamente em instantes.';

/** The one error type: the handler renders `{detail}` (or `{message}`, or field errors) with `status`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: {
      code?: string;
      field?: string;
      key?: 'detail' | 'message';
      /** Field errors on several fields at once (DRF style). */
      fields?: Record<string, string[]>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get body(): Record<string, unknown> {
    if (this.options.fields) return this.options.fields;
    if (this.options.field) return { [this.options.field]: [this.message] };
    const body: Record<string, unknown> = { [this.options.key ?? 'detail']: this.message };
    // A machine-readable reason beside the text, for the client to act on (e.g. risk_term_required).
    if (this.options.code) body.code = this.options.code;
    return body;
  }

  static badRequest(field: string, message: string) {
    return new AppError(400, message, { field });
  }
  static fields(fields: Record<string, string[]>) {
    const first = Object.values(fields)[0]?.[0] ?? 'Dados inválidos.';
    return new AppError(400, first, { fields });
  }
  static unauthorized(message = 'As credenciais de autenticação não foram fornecidas.') {
    return new AppError(401, message);
  }
  static forbidden(message = 'Você não tem permissão para executar essa ação.') {
    return new AppError(403, message);
  }
  static notFound(message = 'Não encontrado.') {
    return new AppError(404, message);
  }
  static conflict(message: string) {
    return new AppError(409, message, { key: 'message' });
  }
  /** A dependency (e.g. the Pix PSP) failed; `cause` is logged, never sent. */
  static serviceUnavailable(message: string, cause?: unknown) {
    const error = new AppError(503, message);
    if (cause !== undefined) error.cause = cause;
    return error;
  }
}

/** A PostgreSQL unique violation (23505), directly or as the cause of a driver error. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const pg = e?.code ? e : e?.cause;
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
}

/**
 * PostgreSQL down or restarting: no connection (refused, socket gone, reset, connect timeout), a
 * connection lost mid-query, or the server refusing connections while it starts or stops
 * (SQLSTATE class 08, 57P01–57P03). The request did not fail because of what it asked.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  // Refused, no socket file, timed out: only when connecting (an ENOENT elsewhere is a file).
  const CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOENT', 'ETIMEDOUT']);
  const SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE']);
  const SQLSTATES = new Set(['57P01', '57P02', '57P03']);
  const MESSAGES = [
    'Connection terminated',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error',
    'Client was closed and is not queryable',
  ];
  type Cause = { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown };
  for (let e = err as Cause | undefined; e;) {
    if (typeof e.code === 'string') {
      if (CONNECT_CODES.has(e.code) && e.syscall === 'connect') return true;
      if (SOCKET_CODES.has(e.code) || SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))
        return true;
    }
    if (typeof e.message === 'string' && MESSAGES.some((m) => (e!.message as string).includes(m)))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}
