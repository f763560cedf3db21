/**
 * What the server's logs never show (docs/SECURITY.md): credentials and identity data, wherever a
 * log line would carry them — a request's headers or body, or an object logged beside a message,
 * one or two levels down. Fastify logs neither bodies nor query parameters by itself; this is for
 * whatever a handler or an error logs. Sealed values are logged as they are stored: never opened.
 */
const SECRET_FIELDS = [
  'password',
  'cpf_cnpj',
  'cpfCnpj',
  'birth_date',
  'birthDate',
  'phone',
  'recovery_code',
  'recovery_codes',
  'challenge',
  'refresh',
  'access',
];

export const logRedaction = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    // Drizzle's query errors carry the statement's parameters.
    'err.params',
    '*.params',
    ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
    // A body's one-time codes (an error's own `code` is kept: it says what failed).
    ...['token', 'code'].flatMap((field) => [`body.${field}`, `*.body.${field}`]),
  ],
  censor: '[oculto]',
};
