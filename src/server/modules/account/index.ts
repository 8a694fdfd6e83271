export { eraseExpiredRecipients } from "./account-deletion.ts";
export { accountPlugin } from "./account-plugin.ts";
