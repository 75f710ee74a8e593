import http from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorCode, errorCatalogue } from '../errors';

/** What Node reports for a connection whose request never completed or never parsed. */
function answerFor(error: NodeJS.ErrnoException): { status: number; code: ErrorCode; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, code: 'REQUEST_TIMEOUT', message: errorCatalogue.REQUEST_TIMEOUT.message };
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, code: 'BAD_REQUEST', message: 'The request headers are too large.' };
  return { status: 400, code: 'BAD_REQUEST', message: errorCatalogue.BAD_REQUEST.message };
}

/**
 * Fastify's clientErrorHandler: errors Node raises on a connection before any route runs
 * (a request or its body that did not arrive in time, a header block too large, bytes
 * that are not HTTP). The answer is written straight to the socket in the API's error
 * contract and the connection closed, since what is left of the request cannot be read.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, code, message } = answerFor(error);
    const body = JSON.stringify({ error: { code, message } });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
