import swaggerUi from "@fastify/swagger-ui";
import type { FastifyRequest } from "fastify";
import { noRoute } from "./no-route.ts";
import { declareContextPublic } from "./route-policy.ts";
import type { App } from "./types.ts";

export const API_DOCS_PATH = "/api/docs";

export type ApiDocsReaders = {
  /** Demo mode: whoever tries the store may read the map of its API. */
  open: boolean;
  /** The staff member signed in on the request, or null (staff-session.ts). */
  memberOf: (request: FastifyRequest) => Promise<{ twoFactorEnabled: boolean } | null>;
  /** With demo mode off a member counts as signed in once the second factor is set up. */
  twoFactorRequired: boolean;
};

/**
 * The API's viewer and its document (`/api/docs`, `/api/docs/json`, the viewer's files): a map of
 * every endpoint, for someone trying the store or a signed-in member of any dashboard. Anyone
 * else is answered as for a path the store does not serve. The check is a hook of the context the
 * viewer is registered in, so it covers every route the viewer adds, its static files included.
 */
export async function registerApiDocs(app: App, readers: ApiDocsReaders): Promise<void> {
  const mayRead = async (request: FastifyRequest) => {
    if (readers.open) return true;
    const member = await readers.memberOf(request);
    return member !== null && (!readers.twoFactorRequired || member.twoFactorEnabled);
  };
  await app.register(async (docs) => {
    declareContextPublic(docs);
    docs.addHook("onRequest", async (request) => {
      if (!(await mayRead(request))) throw noRoute(request);
    });
    await docs.register(swaggerUi, { routePrefix: API_DOCS_PATH });
  });
}
