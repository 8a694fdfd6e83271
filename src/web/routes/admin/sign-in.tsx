import { StaffSignIn } from "../../features/staff/components/staff-sign-in.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";

export default function AdminSignInPage() {
  usePageTitle("Staff sign in");
  return <StaffSignIn />;
}
