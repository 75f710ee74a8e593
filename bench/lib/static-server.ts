import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

// The anchor for the product page: the same bytes (with their .br/.gz forms beside them)
// served by @fastify/static from a bare Fastify process. STATIC_ROOT is the folder.
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
await app.register(fastifyStatic, {
  root: process.env.STATIC_ROOT as string,
  prefix: '/static/',
  preCompressed: true,
  cacheControl: false,
  etag: true,
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
