export { BACKUP_PATH, BACKUP_TOKEN_HEADER, backupRoutes, newBackupToken } from "./backup-routes.ts";
