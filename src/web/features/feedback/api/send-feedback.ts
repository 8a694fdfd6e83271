import { useMutation } from "@tanstack/react-query";
import type { FeedbackInput } from "../../../../shared/contracts/feedback.ts";
import { api } from "../../../lib/api-client.ts";

export const sendFeedback = (input: FeedbackInput) =>
  api.post<{ received: true }>("/api/feedback", input);

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
