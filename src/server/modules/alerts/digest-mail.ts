import type { StaffAlert } from "../../../shared/contracts/staff-alerts.ts";
import { DIGEST_AFTER_MINUTES } from "../../../shared/contracts/staff-alerts.ts";
import { greetingName } from "../../../shared/rules/person-name.ts";
import { formatShopDateTime } from "../../../shared/rules/shop-time.ts";
import { DASHBOARDS, dashboardPath, type StaffRole } from "../../../shared/rules/staff.ts";
import { letterMail, type OutgoingMail } from "../mail/index.ts";

/** What waits on a dashboard nobody has open, to the member on duty. */
export function alertDigestMail(
  to: { email: string; name: string },
  role: StaffRole,
  alerts: readonly StaffAlert[],
  publicUrl: string,
): OutgoingMail {
  const title = DASHBOARDS[role].title;
  const count = alerts.length;
  return {
    to: to.email,
    ...letterMail({
      subject: `${count} ${count === 1 ? "thing needs" : "things need"} you on the ${title} dashboard`,
      title: `Waiting on the ${title} dashboard`,
      greeting: greetingName(to.name),
      paragraphs: [
        `No ${title} dashboard has been open for ${DIGEST_AFTER_MINUTES} minutes, and these came in meanwhile.`,
      ],
      details: {
        heading: "What needs you",
        rows: alerts.map((alert) => [formatShopDateTime(alert.at), alert.text] as const),
      },
      action: {
        label: `Open the ${title} dashboard`,
        href: `${publicUrl.replace(/\/+$/, "")}${dashboardPath(role)}`,
      },
      closing: ["You get at most one of these every 15 minutes, and each item only once."],
    }),
  };
}
