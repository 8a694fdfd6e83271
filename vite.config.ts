import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { chunkFileName } from "./scripts/chunk-names.ts";
import { compressBuild } from "./scripts/compress-build.ts";
import { languageFonts } from "./scripts/language-fonts.ts";
import { pageTextsPlugin } from "./scripts/page-texts.ts";
import { rasterPictures } from "./scripts/raster-pictures.ts";

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [
    pageTextsPlugin(),
    react(),
    tailwindcss(),
    rasterPictures(),
    languageFonts(),
    compressBuild(),
  ],
  // `vite build` builds both: the browser's bundle first, then the server's render, which
  // the server reads beside the browser's manifest (decision 36).
  builder: {},
  build: {
    target: "es2022",
    sourcemap: false,
    // Inline scripts would break the strict Content-Security-Policy.
    assetsInlineLimit: 0,
  },
  environments: {
    client: {
      build: {
        outDir: "../../dist/web",
        emptyOutDir: true,
        // Which chunks each page needs: the server preloads them with the page.
        manifest: true,
        modulePreload: { polyfill: false },
        rolldownOptions: { output: { chunkFileNames: chunkFileName } },
      },
    },
    ssr: {
      // React and everything else inside the one file, in its production build, whatever
      // NODE_ENV the server runs with.
      resolve: { noExternal: true },
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        outDir: "../../dist/ssr",
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { input: "entry-server.tsx" },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:3000", "/photos": "http://127.0.0.1:3000" },
  },
});
