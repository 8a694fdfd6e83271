import { Monitor, Smartphone } from "lucide-react";
import { ACCOUNT_MESSAGES } from "../../../../shared/contracts/account.ts";
import { DateTime } from "../../../components/date-time.tsx";
import { toast } from "../../../components/toasts.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useAccountSessions, useSignOutDevice } from "../api/account.ts";

export function SignedInDevices() {
  const sessions = useAccountSessions();
  const signOut = useSignOutDevice();
  if (sessions.isPending) return <Spinner label="Loading your devices" />;
  if (sessions.isError) {
    return <LoadError error={sessions.error} onRetry={() => sessions.refetch()} />;
  }
  const list = sessions.data.sessions;
  const others = list.filter((session) => !session.current);

  const end = async (id: string | "others") => {
    try {
      await signOut.mutateAsync(id);
      toast.success(
        id === "others" ? ACCOUNT_MESSAGES.othersSignedOut : ACCOUNT_MESSAGES.signedOut,
      );
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div>
      <ul className="divide-y divide-cream-200" aria-label="Signed-in devices">
        {list.map((session) => {
          const Icon = /Android|iPhone/.test(session.device) ? Smartphone : Monitor;
          return (
            <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
              <Icon aria-hidden="true" className="h-5 w-5 text-brand-600" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink-900">
                  {session.device} {session.current && <Badge tone="green">This device</Badge>}
                </p>
                <p className="text-sm text-ink-500">
                  Signed in <DateTime iso={session.signedInAt} />
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
                  Sign out
                  <span className="sr-only"> {session.device}</span>
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
          Sign out all other devices
        </Button>
      ) : (
        <p className="mt-3 text-sm text-ink-500">You are signed in on this device only.</p>
      )}
    </div>
  );
}
