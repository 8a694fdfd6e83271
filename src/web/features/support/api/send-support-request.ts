import { useMutation } from "@tanstack/react-query";
import type { SupportReceipt, SupportRequestInput } from "../../../../shared/contracts/support.ts";
import { api } from "../../../lib/api-client.ts";

export const sendSupportRequest = (input: SupportRequestInput) =>
  api.post<SupportReceipt>("/api/support/tickets", input);

export const useSendSupportRequest = () => useMutation({ mutationFn: sendSupportRequest });
