// Names the build's chunks so staff code can be told apart by its file name: the web bench checks
// that no file matching /admin|dashboard/i loads on the storefront's pages.
const STAFF_CODE = /\/src\/web\/(routes\/admin|features\/(staff|inventory))\//;

type Chunk = { name: string; moduleIds: string[] };

const isStaff = (id: string) => STAFF_CODE.test(id.replaceAll("\\", "/"));

/**
 * A chunk holding any staff module (a staff page, a dashboard's panels, the staff shell) gets a
 * name starting with "admin-". Should the bundler ever put staff code in a chunk the storefront
 * loads, the bench then sees it by name.
 */
export function chunkFileName(chunk: Chunk): string {
  const staff = chunk.moduleIds.some(isStaff);
  const prefix = staff && !/admin|dashboard/i.test(chunk.name) ? "admin-" : "";
  return `assets/${prefix}[name]-[hash].js`;
}
