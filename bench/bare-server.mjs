// The bare baseline of the catalogue benchmarks, in a process of its own: node:http, better-sqlite3
// and jose, nothing else. It verifies the same bearer token as `tillbase serve` (the signing key from
// the data directory's file secret store, the issuer from the database's installation id) and answers
// each URL with the bytes Tillbase answered for it, pre-serialised by the bench into
// `bench_bare_documents` of the same SQLite file. What Tillbase does beyond this is its overhead.
//
//   node bench/bare-server.mjs DATA_DIR   prints "listening on http://127.0.0.1:PORT"
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { webcrypto } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { jwtVerify } from 'jose';

const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error('usage: node bench/bare-server.mjs DATA_DIR');
const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
const key = await webcrypto.subtle.importKey('raw', Buffer.from(secrets['jwt-signing-key'], 'base64'), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
const db = new BetterSqlite3(join(dataDir, 'tillbase.db'), { readonly: true });
db.pragma('busy_timeout = 5000');
const issuer = `tillbase:${db.prepare("SELECT value FROM installation WHERE key = 'installation_id'").pluck().get()}`;
const documentOf = db.prepare('SELECT status, headers, body FROM bench_bare_documents WHERE url = ?');

const refuse = (res, status) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end('{"code":"bare","message":"refused","data":{"status":' + status + '}}');
};

const server = createServer(async (req, res) => {
  const authorization = req.headers.authorization;
  if (authorization === undefined || !authorization.startsWith('Bearer ')) return refuse(res, 401);
  try {
    await jwtVerify(authorization.slice(7), key, { issuer, audience: 'pos/v1', algorithms: ['HS256'] });
  } catch {
    return refuse(res, 403);
  }
  const document = documentOf.get(req.url);
  if (document === undefined) return refuse(res, 404);
  res.writeHead(document.status, { ...JSON.parse(document.headers), 'content-length': document.body.length });
  res.end(document.body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
