import Fastify from 'fastify';

// The baseline for ratios: a bare Fastify route answering the same JSON as the cart add
// (BARE_JSON, captured from a real response), same machine, same run.
const answer = process.env.BARE_JSON ?? JSON.stringify({ ok: true, shoppingCart: { entries: [] } });
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
app.post('/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(answer));
app.get('/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(answer));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
