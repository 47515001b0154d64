import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createAppServer } from '../../server/http/app-server.js';

/*
 * The server hands Express requests and responses already made with Express's prototypes, so that
 * Express's own `Object.setPrototypeOf` on each is a no-op (a slow object otherwise: the figures are
 * in server/http/app-server.ts and `npm run bench`). Seen before Express runs, over real HTTP.
 */
describe('createAppServer', () => {
  it("makes each request and response with the app's prototypes before Express sees them, and Express still answers", async () => {
    const app = express();
    app.get('/hello/:name', (req, res) => {
      res.status(201).json({ name: req.params.name, query: req.query, ip: req.ip });
    });
    const server = createAppServer(app);
    const born: boolean[] = [];
    server.prependListener('request', (req, res) => {
      born.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      for (let request = 0; request < 3; request++) {
        const answer = await fetch(`http://127.0.0.1:${port}/hello/till?x=${request}`);
        expect(answer.status).toBe(201);
        expect(await answer.json()).toEqual({ name: 'till', query: { x: String(request) }, ip: '127.0.0.1' });
      }
      expect(born).toEqual([true, true, true, true, true, true]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
