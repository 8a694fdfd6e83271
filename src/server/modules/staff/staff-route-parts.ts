import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { DASHBOARDS, type StaffRole } from "../../../shared/rules/staff.ts";

/**
 * What every route of one dashboard declares: the role its guard lets in (staff-guard.ts), its
 * group in the API document, and the refusals it may answer.
 */
export function staffRouteParts(role: StaffRole) {
  return {
    staff: { staff: role } as const,
    tags: [`staff: ${DASHBOARDS[role].title.toLowerCase()}`],
    errors: {
      400: errorBodySchema,
      401: errorBodySchema,
      403: errorBodySchema,
      404: errorBodySchema,
      409: errorBodySchema,
    },
  };
}
