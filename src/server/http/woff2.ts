/**
 * WOFF2 to and from TrueType through wawoff2, whose answer is a view of its own memory that its
 * next call overwrites: one call at a time, each answer copied out before the next.
 */
let queue: Promise<unknown> = Promise.resolve();

function oneAtATime(call: (tools: typeof import("wawoff2")) => Promise<Uint8Array>) {
  const answer = queue.then(async () => (await call(await import("wawoff2"))).slice());
  queue = answer.catch(() => undefined);
  return answer;
}

export const toWoff2 = (font: Uint8Array) => oneAtATime((tools) => tools.compress(font));
export const fromWoff2 = (font: Uint8Array) => oneAtATime((tools) => tools.decompress(font));
