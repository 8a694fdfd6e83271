import { Monitor, Smartphone } from "lucide-react";
import { ACCOUNT_MESSAGES } from "../../../../shared/contracts/account.ts";
import { DateTime } from "../../../components/date-time.tsx";
import { toast } from "../../../components/toasts.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { Trans, useLingui } from "../../../lib/i18n/react-binding.tsx";
import { typedValue } from "../../../lib/i18n/typed-value.tsx";
import { useAccountSessions, useSignOutDevice } from "../api/account.ts";

export function SignedInDevices() {
  const { i18n } = useLingui();
  const sessions = useAccountSessions();
  const signOut = useSignOutDevice();
  if (sessions.isPending) return <Spinner label={i18n._("Loading your devices")} />;
  if (sessions.isError) {
    return <LoadError error={sessions.error} onRetry={() => sessions.refetch()} />;
  }
  const list = sessions.data.sessions;
  const others = list.filter((session) => !session.current);

  const end = async (id: string | "others") => {
    try {
      await signOut.mutateAsync(id);
      toast.success(
        i18n._(id === "others" ? ACCOUNT_MESSAGES.othersSignedOut : ACCOUNT_MESSAGES.signedOut),
      );
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div>
      <ul className="divide-y divide-cream-200" aria-label={i18n._("Signed-in devices")}>
        {list.map((session) => {
          const Icon = /Android|iPhone/.test(session.device) ? Smartphone : Monitor;
          return (
            <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
              <Icon aria-hidden="true" className="h-5 w-5 text-brand-600" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink-900">
                  {session.device}{" "}
                  {session.current && <Badge tone="green">{i18n._("This device")}</Badge>}
                </p>
                <p className="text-sm text-ink-500">
                  <Trans
                    id={/*i18n*/ "Signed in <0/>"}
                    components={{ 0: <DateTime iso={session.signedInAt} /> }}
                  />
                  {session.ipAddress && <> · {session.ipAddress}</>}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => end(session.id)}
                  disabled={signOut.isPending}
                >
                  <Trans
                    id={/*i18n*/ "Sign out<0> {device}</0>"}
                    values={{ device: typedValue(session.device) }}
                    components={{ 0: <span className="sr-only" /> }}
                  />
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <Button
          variant="danger"
          size="sm"
          className="mt-4"
          onClick={() => end("others")}
          disabled={signOut.isPending}
        >
          {i18n._("Sign out all other devices")}
        </Button>
      ) : (
        <p className="mt-3 text-sm text-ink-500">
          {i18n._("You are signed in on this device only.")}
        </p>
      )}
    </div>
  );
}
