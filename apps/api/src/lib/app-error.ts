/** The one error type: the handler renders `{detail}` (or `{message}`, or field errors) with `status`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: { code?: string; field?: string; key?: 'detail' | 'message' } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get body(): Record<string, unknown> {
    if (this.options.field) return { [this.options.field]: [this.message] };
    return { [this.options.key ?? 'detail']: this.message };
  }

  static badRequest(field: string, message: string) {
    return new AppError(400, message, { field });
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
}
