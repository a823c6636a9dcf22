// Answers requests while the server is still starting (database opening, migrations, seeding).
import type { IncomingMessage, ServerResponse } from 'node:http';

export const BootRetryAfterSeconds = 5;

export function bootHandler(req: IncomingMessage, res: ServerResponse): void {
  const url = (req.url ?? '/').toLowerCase();
  res.setHeader('retry-after', String(BootRetryAfterSeconds));
  res.setHeader('cache-control', 'no-store');
  if (url.startsWith('/api/')) {
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      url.startsWith('/api/internal/health')
        ? JSON.stringify({ status: 'Unhealthy' })
        : JSON.stringify({ code: 'not_ready', message: 'Application is initializing, please wait...', details: [] }),
    );
    return;
  }
  res.writeHead(503, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="${BootRetryAfterSeconds}"><title>Atrium</title></head>` +
      '<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;height:100vh;margin:0;color:#334155">' +
      '<p>Application is initializing, please wait...</p></body></html>',
  );
}
