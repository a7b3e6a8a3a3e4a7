// A browser's HTTP cache, as far as this page needs it, over node:http
// (which neither adds Accept-Encoding nor decodes, so `bytes` counts what
// came over the wire: status line, headers and body). A no-store answer is
// never kept; an immutable or max-age one is used without asking; any other
// with an ETag is revalidated with If-None-Match.
import http from 'node:http';
import zlib from 'node:zlib';

function get(url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const head =
          `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n` +
          res.rawHeaders.reduce((s, v, i) => s + v + (i % 2 ? '\r\n' : ': '), '') +
          '\r\n';
        resolve({ status: res.statusCode, headers: res.headers, raw, bytes: Buffer.byteLength(head) + raw.length });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(r) {
  const enc = r.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(r.raw);
  if (enc === 'gzip') return zlib.gunzipSync(r.raw);
  return r.raw;
}

export class Visitor {
  cache = new Map();
  bytes = 0;
  requests = 0;

  constructor(base) {
    this.base = base;
  }

  async get(path) {
    const cached = this.cache.get(path);
    if (cached && /immutable|max-age=[1-9]/.test(cached.headers['cache-control'])) return cached.body;
    const headers = { 'Accept-Encoding': 'gzip, deflate, br' };
    if (cached?.headers.etag) headers['If-None-Match'] = cached.headers.etag;
    const r = await get(this.base + path, headers);
    this.bytes += r.bytes;
    this.requests += 1;
    if (r.status === 304) return cached.body;
    if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
    const body = decode(r);
    if (!/no-store/.test(r.headers['cache-control'] ?? '')) this.cache.set(path, { headers: r.headers, body });
    return body;
  }

  // The shell, the scripts and styles it loads, and what the styles refer
  // to; returns the bytes this visit took.
  async visit(path) {
    const before = this.bytes;
    const shell = (await this.get(path)).toString();
    for (const ref of [...shell.matchAll(/<(?:link[^>]* href|script[^>]* src)="(\/[^"]+)"/g)].map((m) => m[1])) {
      const body = (await this.get(ref)).toString();
      if (ref.endsWith('.css')) for (const m of body.matchAll(/url\(['"]?(\/[^'")]+)['"]?\)/g)) await this.get(m[1]);
    }
    return this.bytes - before;
  }
}
