import { MAX_PASSWORD_LENGTH } from "../../../shared/rules/account-forms.ts";
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
} from "../../../shared/rules/common-passwords.ts";
import { STAFF_MIN_PASSWORD_LENGTH } from "../../../shared/rules/staff.ts";
import { STAFF_MEMBERS } from "./staff-members.ts";

/** Why a password cannot be a staff member's, or undefined when it can. */
export function staffPasswordProblem(password: string): string | undefined {
  if (password.length < STAFF_MIN_PASSWORD_LENGTH) {
    return `A staff password needs at least ${STAFF_MIN_PASSWORD_LENGTH} characters.`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `A staff password can have at most ${MAX_PASSWORD_LENGTH} characters.`;
  }
  if (STAFF_MEMBERS.some((member) => member.demoPassword === password)) {
    return "That is a published demo password. Choose one of your own.";
  }
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return undefined;
}
