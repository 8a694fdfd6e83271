import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type CodePurpose = "email-verification" | "forget-password";

export const useSendVerificationCode = () =>
  useMutation({
    mutationFn: (email: string) =>
      api.post("/api/auth/email-otp/send-verification-otp", {
        email,
        type: "email-verification",
      }),
  });

export const useVerifyEmail = () =>
  useMutation({
    mutationFn: (input: { email: string; otp: string }) =>
      api.post("/api/auth/email-otp/verify-email", input),
  });

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (email: string) =>
      api.post("/api/auth/email-otp/request-password-reset", { email }),
  });

/** Checks a reset code without using it up; the reset itself uses it. */
export const useCheckResetCode = () =>
  useMutation({
    mutationFn: (input: { email: string; otp: string }) =>
      api.post("/api/auth/email-otp/check-verification-otp", {
        ...input,
        type: "forget-password",
      }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: { email: string; otp: string; password: string }) =>
      api.post("/api/auth/email-otp/reset-password", input),
  });
