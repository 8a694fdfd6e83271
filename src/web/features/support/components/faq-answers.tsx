import type { ReactNode } from "react";
import { QUERY_TYPE_LABELS } from "../../../../shared/contracts/support-form.ts";
import type { I18n } from "../../../../shared/i18n/translator.ts";
import { BULK_NOTICE_DAYS } from "../../../../shared/rules/bulk-delivery-date.ts";
import {
  ADVANCE_PERCENT,
  CANCELLATION_FEE_PERCENT,
  FINAL_CHANGES_HOURS,
} from "../../../../shared/rules/bulk-order-status.ts";
import { STORE } from "../../../../shared/store-info.ts";
import { Trans } from "../../../lib/i18n/react-binding.tsx";
import { Link } from "../../../lib/router/index.ts";
import { BORROWED_TEXT } from "../borrowed-texts.ts";
import type { FaqQuestion } from "./support-faq.tsx";

// The answers are most of the support page's words, and a visitor reads one or two of them, if
// any: they load, with their texts, when the questions come into view or a visitor reaches for
// one (support-faq.tsx).

const linkClass = "font-semibold text-brand-700 underline hover:text-brand-800";

/** Each question's answer in the page's language. */
export const FAQ_ANSWERS: Record<FaqQuestion, (i18n: I18n) => ReactNode> = {
  refund: (i18n) =>
    i18n._(
      "Refund requests must reach us within {hours} hours of delivery. Send the form on this page with the query type {queryType} and your order number (FHH-...), and tell us what was wrong; a photo by email helps. We refund to the way you paid.",
      {
        hours: STORE.refundWindowHours,
        queryType: i18n._(QUERY_TYPE_LABELS.refund_request),
      },
    ),
  reply: (i18n) => (
    <Trans
      id={
        /*i18n*/ "We reply to every message within {hours} hours, usually much sooner. For something urgent, call <0>{phone}</0> ({supportHours})."
      }
      values={{
        hours: STORE.replyWithinHours,
        phone: STORE.phone,
        supportHours: i18n._(STORE.supportHours),
      }}
      components={{
        // biome-ignore lint/a11y/useAnchorContent: Trans puts the number inside the link.
        0: <a href={STORE.phoneHref} className={linkClass} />,
      }}
    />
  ),
  delivery: (i18n) =>
    i18n._(
      "Orders are packed in {processingTime} and reach you in {promise} across Bhubaneswar. Checkout checks your PIN code and tells you before you pay if we cannot reach it yet.",
      {
        processingTime: i18n._(STORE.processingTime),
        promise: i18n._(STORE.deliveryPromise),
      },
    ),
  whereIsOrder: (i18n) =>
    i18n._(
      "Your confirmation email links to your order, and its confirmation page has the delivery agent's phone number. Signed-in customers also find every order under {myOrders}.",
      { myOrders: i18n._(BORROWED_TEXT.myOrders) },
    ),
  bulk: () => (
    <Trans
      id={
        /*i18n*/ "Send a <0>bulk order request</0> at least {hours} hours before delivery. Our team reviews it and emails you a quote based on availability and market rates, with delivery charges by location and order size. A {advance}% advance, paid online, confirms the order. Changes are possible up to {finalHours} hours before delivery; cancelling after processing has begun costs {fee}% of the order. Cash on delivery is possible only with our approval."
      }
      values={{
        hours: BULK_NOTICE_DAYS * 24,
        advance: ADVANCE_PERCENT,
        finalHours: FINAL_CHANGES_HOURS,
        fee: CANCELLATION_FEE_PERCENT,
      }}
      components={{ 0: <Link to="/bulk-order-request" className={linkClass} /> }}
    />
  ),
  account: (i18n) =>
    i18n._(
      "No. You can check out as a guest. An account keeps your orders in one place and makes the next checkout faster.",
    ),
};
