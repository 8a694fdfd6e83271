import { STORE } from "../../../shared/store-info.ts";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useLingui } from "../../lib/i18n/react-binding.tsx";

/** Shown while the first screen's code arrives. */
export function PageLoading() {
  const { i18n } = useLingui();
  return (
    <div className="flex min-h-screen items-center justify-center bg-cream-100">
      <Spinner label={i18n._("Loading {store}", { store: STORE.name })} />
    </div>
  );
}
