// What a first visit to a page of the web app transfers, in Debian's Chromium on a cold cache: the bytes on the
// wire (compressed as served), the requests, and the Largest Contentful Paint. Start the server first
// (`npm start`), then: node bench/web-transfer.mjs [URL] [--requests] (default http://localhost:8080/);
// --requests also lists each request with its bytes on the wire, largest first.
import { chromium } from 'playwright-core';

const listRequests = process.argv.includes('--requests');
const url = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'http://localhost:8080/';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const context = await browser.newContext();
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
let total = 0;
let requests = 0;
const byType = {};
const urls = new Map();
const sizes = [];
cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
cdp.on('Network.loadingFinished', (e) => {
  total += e.encodedDataLength;
  requests++;
  sizes.push({ bytes: e.encodedDataLength, url: urls.get(e.requestId) });
});
cdp.on('Network.responseReceived', (e) => {
  byType[e.response.headers['content-encoding'] ?? 'none'] =
    (byType[e.response.headers['content-encoding'] ?? 'none'] ?? 0) + 1;
});
await page.goto(url, { waitUntil: 'networkidle' });
const lcp = await page.evaluate(
  () =>
    new Promise((resolve) => {
      new PerformanceObserver((list) => {
        const e = list.getEntries();
        resolve(e[e.length - 1].startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => resolve(null), 3000);
    }),
);
if (listRequests) {
  for (const { bytes, url: requested } of sizes.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${requested}`);
  }
}
console.log(
  `transferred ${(total / 1024).toFixed(1)} KB in ${requests} requests; encodings ${JSON.stringify(byType)}; LCP ${lcp?.toFixed(0)} ms`,
);
await browser.close();
