import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The app imports the workspace packages' TypeScript sources (the `source` export condition), so a
// dev server or build never needs their compiled output first.
const conditions = ['source', 'browser', 'import', 'module', 'default'];
// `npm run dev` proxies the API to a server started separately (`npm start`, port 8080 by default).
const apiTarget = process.env.UNNEST_API ?? 'http://localhost:8080';

/**
 * @unnest/contracts builds its TypeBox schemas at module level, but the app only imports the
 * constants and types beside them. Marking each `Type.X(...)` call pure lets the bundler drop the
 * unused schemas, and TypeBox (about 25 kB gzipped) with them.
 */
function pureContractSchemas(): Plugin {
  return {
    name: 'unnest-pure-contract-schemas',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id)) return null;
      return { code: code.replace(/(?<![\w.])Type\.(?=[A-Z]\w*\()/g, '/* @__PURE__ */ Type.'), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), pureContractSchemas()],
  resolve: { conditions },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false }, '/health': apiTarget },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    // Production builds ship no source maps: they would publish the sources to anyone.
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // What the first page needs (the entry, the landing page and their static imports) is one file
    // instead of some 35: each request costs a visitor about 0.8 kB of headers and a round trip, more
    // than many of those chunks weigh. Lazy pages keep the automatic splitting.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } } },
  },
});
