// Other spellings of one path: the ways a request might reach an endpoint around a rule keyed on
// the URL as written.

/** `/api/auth/sign-in/email` as `/api/auth/x/../sign-in/email`, `/API/auth/...`, and so on. */
export function spellingsOf(path: string): string[] {
  const segments = path.split("/").slice(1);
  const last = segments.length - 1;
  const withSegment = (index: number, spelled: string) =>
    `/${segments.map((segment, at) => (at === index ? spelled : segment)).join("/")}`;
  const escapeFirstLetter = (segment: string) =>
    `%${segment.charCodeAt(0).toString(16).toUpperCase()}${segment.slice(1)}`;
  const flipCase = (text: string) =>
    [...text].map((char, at) => (at % 2 ? char.toUpperCase() : char)).join("");
  return [
    withSegment(last, `./${segments[last]}`),
    withSegment(last, `x/../${segments[last]}`),
    `/x/..${path}`,
    withSegment(last, `%2e/${segments[last]}`),
    withSegment(last, `x/%2E%2E/${segments[last]}`),
    withSegment(last, `x/.%2e/${segments[last]}`),
    `${path.slice(0, path.lastIndexOf("/"))}%2F${segments[last]}`,
    `${path.slice(0, path.lastIndexOf("/"))}%5c${segments[last]}`,
    `${path.slice(0, path.lastIndexOf("/"))}\\${segments[last]}`,
    withSegment(last, `x\\..\\${segments[last]}`),
    `${path}%00`,
    `${path}%0A`,
    `/${path}`,
    path.replace(/\/([^/]+)$/, "//$1"),
    withSegment(0, escapeFirstLetter(segments[0]!)),
    withSegment(last, escapeFirstLetter(segments[last]!)),
    `${path};x=1`,
    `${path}%25`,
    path.toUpperCase(),
    withSegment(last, segments[last]!.toUpperCase()),
    withSegment(last - 1, flipCase(segments[last - 1]!)),
    `${path}/`,
    `${path}?`,
    `${path}?x=1`,
    `${path}?email=someone.else@example.in`,
    `${path}#x`,
  ];
}
