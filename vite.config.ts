import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The client build: one page (index.html) that shows the game, or the host app shell at /app/.
 * `npm run dev` proxies the API to the server started with `npm run serve`. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/gameoptions': 'http://localhost:8080',
      // the game's sounds, meshes and images (assets/ at the top level, served by the server)
      '^/assets/(sounds|meshes|images)/': 'http://localhost:8080',
    },
  },
});
