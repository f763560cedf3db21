import { stdSerializers, type LoggerOptions } from 'pino';

/**
 * What the server's logs never show (docs/SECURITY.md): credentials and identity data, wherever a
 * log line would carry them — a request's headers or body, or an object logged beside a message,
 * one or two levels down. Fastify logs neither bodies nor query parameters by itself; this is for
 * whatever a handler or an error logs. Sealed values are logged as they are stored: never opened.
 *
 * The rules are applied by walking each logged object once, not by pino's `redact` paths: those
 * cost ~10 µs per request's child logger and ~40 µs per line, on every request
 * (docs/PERFORMANCE.md, "What limits the reads at their thresholds"). Objects are logged beside
 * the message; a `%o` in the message itself is not redacted, nor a child logger's bindings, which
 * pino writes as given: the server binds only Fastify's request id (eslint refuses `.child(`).
 */
const SECRET_FIELDS = new Set([
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
]);

/** A body's one-time codes (an error's own `code` is kept: it says what failed). */
const BODY_CODES = new Set(['token', 'code']);

const CENSOR = '[oculto]';

/** Whether the value at this path of one to three keys is censored. */
function censored(path: readonly string[]): boolean {
  const [first, second] = path;
  const last = path[path.length - 1]!;
  if (SECRET_FIELDS.has(last)) return true;
  // `*.params`: drizzle's query errors carry the statement's parameters.
  if (path.length === 2) return last === 'params' || (first === 'body' && BODY_CODES.has(last));
  if (path.length !== 3) return false;
  if (second === 'body' && BODY_CODES.has(last)) return true;
  return first === 'req' && second === 'headers' && (last === 'authorization' || last === 'cookie');
}

type Logged = Record<string, unknown>;

/**
 * The object with its censored values replaced, down to three keys, copied only where something
 * was; what `keep` says is left as it is.
 */
function redacted<T extends object>(
  value: T,
  parents: readonly string[],
  keep?: (key: string, child: unknown) => boolean,
): T {
  let copy: Logged | unknown[] | undefined;
  for (const key of Object.keys(value)) {
    const child = (value as Logged)[key];
    if (keep?.(key, child)) continue;
    const path = [...parents, key];
    const next = censored(path)
      ? CENSOR
      : path.length < 3 && typeof child === 'object' && child !== null
        ? redacted(child, path)
        : child;
    if (next !== child) {
      copy ??= Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Logged) };
      (copy as Logged)[key] = next;
    }
  }
  return (copy ?? value) as T;
}

/** Keys whose instances (a request, a reply, an error) pino hands to a serializer. */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Pino options for the server's logger: `{ level, ...logRedaction }`. */
export const logRedaction = {
  formatters: {
    log: (object: Logged): Logged =>
      redacted(
        object,
        [],
        // Pino leaves out what is undefined; a serializer reads an instance's own getters and
        // keeps only safe fields (below).
        (key, value) =>
          value === undefined ||
          (SERIALIZED_KEYS.has(key) &&
            typeof value === 'object' &&
            value !== null &&
            !isPlainObject(value)),
      ),
  },
  // Fastify's own `req` and `res` serializers keep no header or body; an error keeps its own
  // enumerable fields, which are redacted as `err.…`.
  serializers: {
    err: (error: Error) => {
      // Anything else logged as `err` comes back as it was given.
      const serialized = stdSerializers.err(error);
      return typeof serialized === 'object' && serialized !== null
        ? redacted(serialized, ['err'])
        : serialized;
    },
  },
} satisfies Pick<LoggerOptions, 'formatters' | 'serializers'>;
