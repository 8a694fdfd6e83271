import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { chunkFileName } from "./scripts/chunk-names.ts";
import { compressBuild } from "./scripts/compress-build.ts";
import { prerenderPages } from "./scripts/prerender-pages.ts";

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  // Prerendering runs when the bundle is written; compression after it, when the build closes.
  plugins: [react(), tailwindcss(), prerenderPages(), compressBuild()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    // Inline scripts would break the strict Content-Security-Policy.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { chunkFileNames: chunkFileName } },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:3000", "/photos": "http://127.0.0.1:3000" },
  },
});
