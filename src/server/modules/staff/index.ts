export { auditInsert, recordAudit } from "./audit.ts";
export { staffMembersOf } from "./members-of-role.ts";
export { type StaffMember, staffMemberOf } from "./staff-guard.ts";
export { STAFF_MEMBERS } from "./staff-members.ts";
export { staffPasswordProblem } from "./staff-password-rules.ts";
export {
  giveDemoPasswords,
  resetStaffTwoFactor,
  seedStaffMembers,
  setStaffPassword,
  staffPasswordsMissingMessage,
  staffWithoutRealPassword,
} from "./staff-passwords.ts";
export { staffPlugin } from "./staff-plugin.ts";
export { staffRouteParts } from "./staff-route-parts.ts";
export {
  chooseStaffUsername,
  StaffUsernameProblem,
  staffMemberByUsername,
  staffMembersNow,
} from "./staff-usernames.ts";
