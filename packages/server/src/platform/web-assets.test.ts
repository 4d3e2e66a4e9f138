import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { createLogger } from './logger.js';
import { installRouteAccess } from './route-access.js';
import { webAssets } from './web-assets.js';

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Unnest</title>');
  fs.writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'console.log(1)');
  fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // As the web build leaves them (scripts/precompress.mjs): a brotli and a gzip copy beside each text file.
  for (const file of ['index.html', 'assets/app-1234.js', 'favicon.svg']) {
    const bytes = fs.readFileSync(path.join(root, file));
    fs.writeFileSync(path.join(root, `${file}.br`), brotliCompressSync(bytes));
    fs.writeFileSync(path.join(root, `${file}.gz`), gzipSync(bytes));
  }
  app = Fastify();
  const nobody = {
    present: () => false,
    authenticate: async () => {
      throw new AppError('UNAUTHENTICATED');
    },
  };
  installRouteAccess(app, {
    authenticators: { bearerAuth: nobody, apiKey: nobody, downloadTicket: nobody },
    adminGroup: 'admin',
    meterKeyCall: async () => undefined,
    accountOf: () => {
      throw new Error('nobody is authenticated here');
    },
  });
  await app.register(webAssets(createLogger('silent'), root));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the web app’s files', () => {
  it('serves hashed assets for a year and index.html for the app’s own paths, to anyone', async () => {
    const asset = await app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A file outside assets/ keeps its name from build to build: asked again every time.
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    for (const url of ['/', '/dashboard/files']) {
      const page = await app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Unnest</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the copy compressed at build time that the request accepts, brotli first, the plain file otherwise', async () => {
    const asset = 'console.log(1)';
    const br = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    // A cache between the server and the browser must keep the copies apart.
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(asset);
    const gz = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(asset);
    const plain = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(asset);
    const icon = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'gzip' } });
    expect(icon.headers['content-encoding']).toBe('gzip');
    expect(icon.headers['cache-control']).toBe('no-cache');
    for (const url of ['/', '/dashboard/files']) {
      const page = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Unnest</title>');
    }
  });

  it('answers 404 for a missing asset or API path, never the app', async () => {
    expect((await app.inject({ url: '/assets/gone.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/nothing-here' })).statusCode).toBe(404);
  });
});
