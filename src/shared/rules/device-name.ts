/**
 * A signed-in device as a person recognises it ("Chrome on Android"), from its User-Agent.
 * Only the common browsers and systems are named; anything else is "A browser".
 */
export function deviceName(userAgent: string | null | undefined): string {
  const agent = userAgent ?? "";
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /(Chrome|CriOS|Chromium)\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(agent)
    ? "Android"
    : /iPhone|iPad|iPod/.test(agent)
      ? "iPhone or iPad"
      : /Windows/.test(agent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(agent)
          ? "Mac"
          : /Linux|CrOS/.test(agent)
            ? "Linux"
            : undefined;
  return system ? `${browser} on ${system}` : browser;
}
