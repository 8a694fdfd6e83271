import { greetingName } from "../../../../shared/rules/person-name.ts";
import { useStaffSession } from "../../staff/api/staff-session.ts";
import { RELATIONS_TEXT } from "../texts.ts";
import type { Desk } from "./presence-board.ts";

const text = RELATIONS_TEXT.presence;

/**
 * The other desks on this ticket, as a live region so a screen reader hears who comes and goes.
 * Another window of the member's own is named as such, never as them.
 */
export function PresenceLine({ desks }: { desks: Desk[] }) {
  const me = useStaffSession().data?.member.id;
  return (
    <div role="status" aria-label={text.label}>
      {desks.length > 0 && (
        <ul className="mb-3 flex flex-wrap gap-2">
          {desks.map((desk) => {
            const replying = desk.activity === "replying";
            const mine = desk.member === me;
            return (
              <li
                key={desk.member}
                className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm text-ink-900"
              >
                <span
                  aria-hidden="true"
                  className={
                    replying
                      ? "h-2 w-2 rounded-full bg-saffron-500"
                      : "h-2 w-2 rounded-full bg-brand-600"
                  }
                />
                <bdi>
                  {mine
                    ? replying
                      ? text.youReplying
                      : text.youViewing
                    : (replying ? text.replying : text.viewing)(greetingName(desk.name))}
                </bdi>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
