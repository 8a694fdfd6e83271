/**
 * The origins the store's own pages are served from: its PUBLIC_URL, and on this machine also
 * its other loopback name (localhost = 127.0.0.1). Scheme, host and port all count.
 */
export function storeOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const aliases: Record<string, string> = { localhost: "127.0.0.1", "127.0.0.1": "localhost" };
  const alias = aliases[url.hostname];
  if (!alias) return [url.origin];
  const other = new URL(url.origin);
  other.hostname = alias;
  return [url.origin, other.origin];
}

/** Whether shoppers reach the store over https: cookies are then Secure and `__Host-` named. */
export const servesHttps = (publicUrl: string): boolean => publicUrl.startsWith("https://");
