import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";

/**
 * Google and Facebook. Neither is configured on this store yet: the buttons say so rather than
 * pretend (Google through the server's OpenID Connect settings comes with their configuration).
 */
export function OtherSignIn({ action }: { action: "login" | "signup" }) {
  const verb = action === "login" ? "login" : "signup";
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-sm text-ink-500">
        <span className="h-px flex-1 bg-ink-500/20" />
        or
        <span className="h-px flex-1 bg-ink-500/20" />
      </div>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        onClick={() => toast.info("Sign-in with Google is not available on this store.")}
      >
        Continue with Google
      </Button>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        onClick={() => toast.info(`Facebook ${verb} not implemented yet`)}
      >
        Continue with Facebook
      </Button>
    </div>
  );
}
