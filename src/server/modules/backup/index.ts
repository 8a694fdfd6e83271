export { backupPlugin } from "./backup-plugin.ts";
export { BACKUP_PATH, BACKUP_TOKEN_HEADER, newBackupToken } from "./backup-routes.ts";
