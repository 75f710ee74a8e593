import Fastify from 'fastify';

// The baseline for ratios: a bare Fastify route answering small JSON, same machine, same run.
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
app.post('/bare', async () => ({ ok: true, shoppingCart: { entries: [] } }));
app.get('/bare', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
