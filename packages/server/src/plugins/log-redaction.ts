/**
 * Logs never hold personal data (STYLE.md "never put user data or SQL parameters in
 * logs"). A failed query's error carries its bound values (e-mails, addresses, form keys)
 * in `params` and in its message ("Failed query: … params: a@b.c,…"), and PostgreSQL's
 * own error repeats values in `detail` ("Key (email)=(a@b.c) already exists") and in its
 * message ('invalid input syntax for type integer: "a@b.c"'). This serializer keeps what
 * an operator needs (type, code, SQL text, stack frames) and drops the values.
 */

const REDACTED = '[redacted]';
/** Fields of driver errors (pg, PGlite, Drizzle) that repeat bound values or row data. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'hint', 'query']);
/** Fields safe to keep: they name the failure, not the data. */
const KEPT_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'table', 'column', 'constraint', 'schema'];

function scrubMessage(message: string): string {
  return (
    message
      // Drizzle: "Failed query: <sql>\nparams: v1,v2"
      .replace(/\nparams:[\s\S]*$/, `\nparams: ${REDACTED}`)
      // PostgreSQL quotes the offending value: … integer: "a@b.c"
      .replace(/"(?:[^"\\]|\\.)*"/g, `"${REDACTED}"`)
      // … Key (email)=(a@b.c)
      .replace(/=\([^)]*\)/g, `=(${REDACTED})`)
  );
}

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError;
  [key: string]: unknown;
}

/** Pino `err` serializer that drops bound values and quoted data from every error in the cause chain. */
export function redactError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: REDACTED };
  const message = scrubMessage(error.message);
  const out: SerializedError = {
    type: error.name || error.constructor?.name || 'Error',
    message,
    stack: error.stack
      ? `${error.name}: ${message}\n${error.stack
          .split('\n')
          .filter((l) => /^\s+at /.test(l))
          .join('\n')}`
      : undefined,
  };
  const record = error as unknown as Record<string, unknown>;
  for (const key of KEPT_FIELDS) {
    const value = record[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  // The SQL text is useful and holds placeholders ($1), not values: keep it, without params.
  if (typeof record.query === 'string' && !VALUE_FIELDS.has('sql')) out.sql = scrubMessage(record.query);
  if (error.cause !== undefined && depth < 4) out.cause = redactError(error.cause, depth + 1);
  return out;
}

/** Logger options: the redacting `err` serializer, and no cookies or credentials from headers. */
export function redactingLoggerOptions<T extends object>(options: T): T {
  return {
    ...options,
    serializers: { ...(options as { serializers?: object }).serializers, err: redactError },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'],
      censor: REDACTED,
    },
  };
}
