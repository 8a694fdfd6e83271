// What a browser would hold after a run of answers: each Set-Cookie stores or, expired, drops its
// cookie.

export type CookieJar = Map<string, string>;

/** Takes one answer's Set-Cookie headers into the jar. */
export function keepCookies(jar: CookieJar, setCookie: string | string[] | undefined): CookieJar {
  for (const line of [setCookie ?? []].flat()) {
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    const at = pair.indexOf("=");
    const name = pair.slice(0, at);
    const expired = attributes.some(
      (attribute) =>
        /^max-age=(0|-\d+)$/i.test(attribute) ||
        (/^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) <= Date.now()),
    );
    if (expired || pair.slice(at + 1) === "") jar.delete(name);
    else jar.set(name, pair.slice(at + 1));
  }
  return jar;
}

/** The jar as a Cookie request header. */
export const cookieHeaderOf = (jar: CookieJar) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
