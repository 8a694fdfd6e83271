export { backupPlugin } from "./backup-plugin.ts";
export { BACKUP_PATH, BACKUP_TOKEN_HEADER } from "./backup-routes.ts";
