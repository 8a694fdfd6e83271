import { Spinner } from "../../components/ui/spinner.tsx";

/** Shown while the first screen's code arrives. */
export function PageLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-cream-100">
      <Spinner label="Loading Fresh Harvest Hub" />
    </div>
  );
}
