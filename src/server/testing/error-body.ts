/** An error answer without its request id, which differs on every request by design. */
export function sansRequestId(body: unknown): unknown {
  const { requestId: _, ...rest } = body as Record<string, unknown>;
  return rest;
}
