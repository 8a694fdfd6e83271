// The spec's checks for the account forms, in the spec's order, with its messages. The server
// checks again (Better Auth): these give the shopper the same words before any request. The
// forms that choose a password have theirs in password-forms.ts.

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
/** Sign-up's and the account page's message for a blank name. */
export const NAME_REQUIRED = /*i18n*/ "Please enter your name";

export type FormProblem<Field extends string> = { field: Field; message: string };

export type LoginValues = { email: string; password: string };

export function loginProblem(values: LoginValues): FormProblem<keyof LoginValues> | null {
  if (!values.email.trim() || !values.password) {
    return {
      field: values.email.trim() ? "password" : "email",
      message: /*i18n*/ "Please enter both email and password",
    };
  }
  return null;
}

export const CODE_LENGTH = 6;
/** How long an emailed code works. */
export const CODE_VALID_MINUTES = 10;
/** Seconds before another code can be asked for; the server holds the same line. */
export const RESEND_SECONDS = 30;

/** What the code inputs keep of what is typed or pasted: digits, at most six. */
export const codeInput = (typed: string) => typed.replace(/\D/g, "").slice(0, CODE_LENGTH);

export function codeProblem(code: string): string | null {
  if (!code) return /*i18n*/ "Please enter the OTP";
  if (code.length !== CODE_LENGTH) return /*i18n*/ "OTP must be 6 digits";
  return null;
}
