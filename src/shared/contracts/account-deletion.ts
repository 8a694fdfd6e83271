// Deleting one's own account (India's DPDP Act, the right to erasure; decision 35): the routes,
// the body the page sends, and every word the page, the server and the emails say about it.
import { z } from "zod";
import { fill } from "../i18n/fill.ts";
import { CODE_LENGTH, CODE_VALID_MINUTES, MAX_PASSWORD_LENGTH } from "../rules/account-forms.ts";
import { RECIPIENT_NAMED_FROM_PAISE } from "../rules/gst-record-keeping.ts";

export const ACCOUNT_DELETION_API = {
  /** Emails a code that confirms the deletion instead of the password. */
  code: "/api/account/deletion-code",
  delete: "/api/account/delete",
} as const;

/** Where the page lands once the account is gone. */
export const ACCOUNT_DELETED_PAGE = "/account-deleted";

/**
 * The values the texts below are written with (`fill(text, DELETION_VALUES)`, or on the page
 * `i18n._(text, DELETION_VALUES)`): the code's length and life, and the invoice amount from which
 * GST law keeps the buyer's name.
 */
export const DELETION_VALUES = {
  codeLength: CODE_LENGTH,
  minutes: CODE_VALID_MINUTES,
  threshold: `₹${(RECIPIENT_NAMED_FROM_PAISE / 100).toLocaleString("en-IN")}`,
} as const;

export const ACCOUNT_DELETION_MESSAGES = {
  title: /*i18n*/ "Delete my account",
  intro:
    /*i18n*/ "Deleting your account cannot be undone. You are signed out everywhere, and we email you to confirm.",
  erasedHeading: /*i18n*/ "What we erase",
  erased: [
    /*i18n*/ "Your name, email address and mobile number, your password and saved addresses, your cart and every signed-in device.",
    /*i18n*/ "Your name, email, phone and delivery address on your past orders, and your delivery notes.",
    /*i18n*/ "Your support conversations, feedback and bulk order requests: the names, contact details and messages in them.",
  ],
  keptHeading: /*i18n*/ "What the law makes us keep",
  kept: [
    /*i18n*/ "Each order's invoice: its number, date, items, amounts, the state, city and PIN code it was delivered to, and your rating.",
    /*i18n*/ "On an invoice of {threshold} or more, GST law also needs the buyer's name and delivery address: those stay on it until six years after the annual GST return for its year is due, then we erase them too.",
  ],
  passwordLabel: /*i18n*/ "Your password",
  sendCode: /*i18n*/ "Email me a code instead",
  sendCodeOnly: /*i18n*/ "Email me a code",
  sendAnotherCode: /*i18n*/ "Email me another code",
  usePassword: /*i18n*/ "Use my password instead",
  // The forms catalogue's word ("Sending..."), which the account pages load with theirs.
  sendingCode: "Sending...",
  /** With DELETION_VALUES and the account's `email`. */
  codeSent:
    /*i18n*/ "We sent a {codeLength}-digit code to {email}. It works for {minutes} minutes.",
  noPasswordIntro:
    /*i18n*/ "Your account signs in with Google or another outside account, so we confirm with a code sent to your email.",
  confirm: /*i18n*/ "Delete my account permanently",
  deleting: /*i18n*/ "Deleting...",
  passwordRequired: /*i18n*/ "Please enter your password.",
  codeRequired: /*i18n*/ "Please enter the {codeLength}-digit code from the email.",
  oneProof: /*i18n*/ "Send your password or a code from the email, not both.",
  wrongPassword: /*i18n*/ "That password is not right. Your account was not deleted.",
  noPassword: /*i18n*/ "This account has no password. Ask for a code by email instead.",
  wrongCode: /*i18n*/ "That code is not right or has expired. Your account was not deleted.",
  codeUsedUp: /*i18n*/ "Too many wrong codes. Please ask for a new one.",
  tooManyAttempts: /*i18n*/ "Too many attempts to delete the account.",
  tooManyCodes: /*i18n*/ "Too many requests for a code.",
  /** The server's refusals while an order is under way (`fill`ed), read back by the page. */
  openOrder:
    /*i18n*/ "Your order {orderNumber} is not finished yet. You can delete your account once it is delivered or cancelled.",
  openBulkOrder:
    /*i18n*/ "Your bulk order {ticketId} is still open. You can delete your account once it is delivered or cancelled; our support team can cancel it for you.",
  deletedTitle: /*i18n*/ "Your account is deleted",
  deleted:
    /*i18n*/ "We erased your account and signed you out everywhere. We sent a last email to your old address to confirm it.",
  /** What stands in for a customer's words wherever they were erased. */
  erasedText: "[Erased at the customer's request]",
  /** What stands in for an erased customer's name on orders, tickets and requests. */
  erasedFirstName: "Erased",
  erasedLastName: "customer",
} as const;

/**
 * An address that stands in for an erased one: `.invalid` is reserved (RFC 2606) and can never
 * receive mail. Per record, so each order's mails still go to its own (erased) address.
 */
export const erasedAddress = (reference: string) => `erased-${reference}@invalid`;
/** Documents print no address rather than the stand-in. */
export const isErasedAddress = (email: string) => /^erased-[^@]*@invalid$/i.test(email.trim());

/** The erased name as one string, where a record keeps a single name. */
export const ERASED_NAME = `${ACCOUNT_DELETION_MESSAGES.erasedFirstName} ${ACCOUNT_DELETION_MESSAGES.erasedLastName}`;

const CODE_REQUIRED = fill(ACCOUNT_DELETION_MESSAGES.codeRequired, DELETION_VALUES);

/**
 * The deletion is confirmed with exactly one proof: the password, or a code emailed to the
 * account's address (the only way for an account without a password).
 */
export const accountDeletionSchema = z
  .object({
    password: z
      .string({ message: ACCOUNT_DELETION_MESSAGES.passwordRequired })
      .min(1, ACCOUNT_DELETION_MESSAGES.passwordRequired)
      .max(MAX_PASSWORD_LENGTH, ACCOUNT_DELETION_MESSAGES.wrongPassword)
      .optional(),
    code: z
      .string({ message: CODE_REQUIRED })
      .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), CODE_REQUIRED)
      .optional(),
  })
  .strict()
  .superRefine((body, context) => {
    const given = [body.password, body.code].filter((proof) => proof !== undefined).length;
    if (given === 1) return;
    context.addIssue({
      code: "custom",
      message:
        given === 0
          ? ACCOUNT_DELETION_MESSAGES.passwordRequired
          : ACCOUNT_DELETION_MESSAGES.oneProof,
    });
  });
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
