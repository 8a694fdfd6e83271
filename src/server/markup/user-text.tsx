// What someone typed, placed in a mail or document. `<bdi>` isolates its direction, so a name
// with a right-to-left override cannot reverse the text that follows it; line breaks they typed
// stay line breaks in the HTML and in the plain text made from it.
import { Fragment } from "react";

export function UserText({ children }: { children: string }) {
  const lines = children.split(/\r?\n/);
  return (
    <bdi>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </bdi>
  );
}
