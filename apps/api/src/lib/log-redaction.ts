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

/** Whether the value at a path of one to three keys is censored; `undefined` for the keys not reached. */
function censored(first: string, second: string | undefined, third: string | undefined): boolean {
  const last = third ?? second ?? first;
  if (SECRET_FIELDS.has(last)) return true;
  if (third === undefined) {
    // `*.params`: drizzle's query errors carry the statement's parameters.
    if (second === 'params') return true;
    return first === 'body' && second !== undefined && BODY_CODES.has(second);
  }
  if (second === 'body' && BODY_CODES.has(third)) return true;
  return (
    first === 'req' && second === 'headers' && (third === 'authorization' || third === 'cookie')
  );
}

type Logged = Record<string, unknown>;

/** The object with its censored values replaced, copied only where something was. */
function redactLevel(value: object, first?: string, second?: string): object {
  let copy: Logged | unknown[] | undefined;
  for (const key of Object.keys(value)) {
    const child = (value as Logged)[key];
    let next = child;
    const path: [string, string | undefined, string | undefined] =
      first === undefined
        ? [key, undefined, undefined]
        : second === undefined
          ? [first, key, undefined]
          : [first, second, key];
    if (censored(...path)) next = CENSOR;
    else if (second === undefined && typeof child === 'object' && child !== null)
      next = first === undefined ? redactLevel(child, key) : redactLevel(child, first, key);
    if (next !== child) {
      copy ??= Array.isArray(value) ? [...(value as unknown[])] : { ...value };
      (copy as Logged)[key] = next;
    }
  }
  return copy ?? value;
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
    log(object: Logged): Logged {
      let copy: Logged | undefined;
      for (const key of Object.keys(object)) {
        const value = object[key];
        // Pino leaves out what is undefined.
        if (value === undefined) continue;
        let next = value;
        if (censored(key, undefined, undefined)) next = CENSOR;
        else if (typeof value === 'object' && value !== null) {
          // A serializer reads an instance's own getters; it keeps only safe fields (below).
          if (SERIALIZED_KEYS.has(key) && !isPlainObject(value)) continue;
          next = redactLevel(value, key);
        }
        if (next !== value) {
          copy ??= { ...object };
          copy[key] = next;
        }
      }
      return copy ?? object;
    },
  },
  // Fastify's own `req` and `res` serializers keep no header or body; an error keeps its own
  // enumerable fields, which are redacted as `err.…`.
  serializers: {
    err: (error: Error) => {
      // Anything else logged as `err` comes back as it was given.
      const serialized = stdSerializers.err(error);
      return (
        typeof serialized === 'object' && serialized !== null
          ? redactLevel(serialized, 'err')
          : serialized
      ) as typeof serialized;
    },
  },
} satisfies Pick<LoggerOptions, 'formatters' | 'serializers'>;
