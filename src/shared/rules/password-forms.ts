// The checks of the two forms where a password is chosen (sign-up, reset), in the spec's order
// with its messages, then the common-password check. Apart from account-forms.ts because of that
// list: the header needs account-forms.ts on every page, and only these two pages need the list.

import {
  type FormProblem,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  NAME_REQUIRED,
} from "./account-forms.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.ts";
import { FORMAT_MESSAGES, isEmail } from "./formats.ts";

export type SignupValues = { name: string; email: string; password: string; confirm: string };

export function signupProblem(values: SignupValues): FormProblem<keyof SignupValues> | null {
  if (!values.name.trim()) return { field: "name", message: NAME_REQUIRED };
  if (!values.email.trim()) return { field: "email", message: /*i18n*/ "Please enter your email" };
  if (!isEmail(values.email)) return { field: "email", message: FORMAT_MESSAGES.email };
  if (!values.password) return { field: "password", message: /*i18n*/ "Please enter a password" };
  if (values.password.length < MIN_PASSWORD_LENGTH) {
    return { field: "password", message: /*i18n*/ "Password must be at least 8 characters long" };
  }
  if (values.password.length > MAX_PASSWORD_LENGTH) {
    return { field: "password", message: /*i18n*/ "Password must be at most 128 characters long" };
  }
  if (values.confirm !== values.password) {
    return { field: "confirm", message: /*i18n*/ "Passwords do not match" };
  }
  if (isCommonPassword(values.password)) {
    return { field: "password", message: COMMON_PASSWORD_MESSAGE };
  }
  return null;
}

export function newPasswordProblem(
  password: string,
  confirm: string,
): FormProblem<"password" | "confirm"> | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { field: "password", message: /*i18n*/ "Password must be at least 8 characters" };
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return { field: "password", message: /*i18n*/ "Password must be at most 128 characters" };
  }
  if (confirm !== password) return { field: "confirm", message: /*i18n*/ "Passwords do not match" };
  if (isCommonPassword(password)) return { field: "password", message: COMMON_PASSWORD_MESSAGE };
  return null;
}
