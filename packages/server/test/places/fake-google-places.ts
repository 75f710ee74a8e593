import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the two Places API (New) calls the adapter makes, recording what it
 * was sent. A key other than `good-key` is refused as Google refuses one (403).
 */
export function fakeGooglePlaces() {
  const seen: { method: string; url: string; key: string; fieldMask: string; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const key = String(req.headers['x-goog-api-key'] ?? '');
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        key,
        fieldMask: String(req.headers['x-goog-fieldmask'] ?? ''),
        body: raw ? JSON.parse(raw) : null,
      });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (key !== 'good-key') return send(403, { error: { code: 403, status: 'PERMISSION_DENIED' } });
      if (req.method === 'POST' && req.url === '/v1/places:autocomplete')
        return send(200, {
          suggestions: [
            {
              placePrediction: {
                placeId: 'ChIJ-albany',
                text: { text: '1 State St, Albany, NY 12207, USA' },
                structuredFormat: {
                  mainText: { text: '1 State St' },
                  secondaryText: { text: 'Albany, NY 12207, USA' },
                },
              },
            },
          ],
        });
      if (req.method === 'GET' && req.url?.startsWith('/v1/places/ChIJ-albany'))
        return send(200, {
          addressComponents: [
            { longText: '1', shortText: '1', types: ['street_number'] },
            { longText: 'State Street', shortText: 'State St', types: ['route'] },
            { longText: 'Albany', shortText: 'Albany', types: ['locality', 'political'] },
            { longText: 'New York', shortText: 'NY', types: ['administrative_area_level_1', 'political'] },
            { longText: 'United States', shortText: 'US', types: ['country', 'political'] },
            { longText: '12207', shortText: '12207', types: ['postal_code'] },
          ],
        });
      if (req.method === 'GET' && req.url?.startsWith('/v1/places/'))
        return send(404, { error: { code: 404 } });
      send(500, {});
    });
  });
  return {
    seen,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
