import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { createServer, createServerModuleRunner, type Plugin } from "vite";

import {
  PRERENDER_MANIFEST_FILE,
  type PrerenderManifest,
} from "../src/shared/prerendered-pages.ts";

const ROOT_ELEMENT = '<div id="root"></div>';
const PAGES_DIR = path.dirname(PRERENDER_MANIFEST_FILE);

type PrerenderModule = typeof import("../src/web/prerender.tsx");

/**
 * After the client build is written, renders the storefront's fixed pages and the app shell into
 * the built index.html, so the first paint needs HTML and CSS only.
 */
export function prerenderPages(): Plugin {
  let root = "";
  let outDir = "";
  return {
    name: "fhh-prerender-pages",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const server = await createServer({
        configFile: false,
        root,
        logLevel: "warn",
        plugins: [react()],
        appType: "custom",
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
        const module: PrerenderModule = await runner.import("/prerender.tsx");
        const template = readFileSync(path.join(outDir, "index.html"), "utf8");
        if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html lacks ${ROOT_ELEMENT}`);
        // main.tsx removes the marker once the app has rendered over the page.
        const fill = (html: string) =>
          template.replace(ROOT_ELEMENT, `<div id="root" data-prerendered="">${html}</div>`);

        mkdirSync(path.join(outDir, PAGES_DIR), { recursive: true });
        const manifest: PrerenderManifest = {
          pages: {},
          shell: `${PAGES_DIR}/shell.html`,
        };
        for (const [route, name] of Object.entries(module.PRERENDERED_PAGES)) {
          const file = `${PAGES_DIR}/${name}.html`;
          const html = await module.renderPage(route as keyof typeof module.PRERENDERED_PAGES);
          writeFileSync(path.join(outDir, file), fill(html));
          manifest.pages[route] = file;
        }
        writeFileSync(path.join(outDir, manifest.shell), fill(await module.renderShell()));
        writeFileSync(
          path.join(outDir, PRERENDER_MANIFEST_FILE),
          `${JSON.stringify(manifest, null, 2)}\n`,
        );
        await runner.close();
      } finally {
        await server.close();
      }
    },
  };
}
