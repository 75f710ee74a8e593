import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Answer a CSV download: a stream with its own type (the route's JSON serializer is not used
 * for it), saved under `filename`, never cached.
 */
export function sendCsv(reply: FastifyReply, filename: string, csv: Readable | string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
