/**
 * Whether this instance wants new requests. It stops wanting them when it is told to stop
 * (SIGTERM), before it stops taking them: the proxy's readiness checks see that first and send
 * the next requests to the other instances.
 */
export function createReadiness() {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}
export type Readiness = ReturnType<typeof createReadiness>;

declare module "fastify" {
  interface FastifyInstance {
    readiness: Readiness;
  }
}
