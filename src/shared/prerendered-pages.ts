/**
 * What the web build writes about its prerendered pages and the server reads to answer them:
 * page paths ("/shop") to files, and the app shell for every other page. Paths are relative to
 * the build's folder.
 */
export type PrerenderManifest = { pages: Record<string, string>; shell: string };

export const PRERENDER_MANIFEST_FILE = "pages/manifest.json";
