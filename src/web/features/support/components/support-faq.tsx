import { ChevronDown } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { QUERY_TYPE_LABELS } from "../../../../shared/contracts/support-form.ts";
import type { I18n } from "../../../../shared/i18n/translator.ts";
import { BULK_NOTICE_DAYS } from "../../../../shared/rules/bulk-delivery-date.ts";
import {
  ADVANCE_PERCENT,
  CANCELLATION_FEE_PERCENT,
  FINAL_CHANGES_HOURS,
} from "../../../../shared/rules/bulk-order-status.ts";
import { STORE } from "../../../../shared/store-info.ts";
import { cn } from "../../../lib/cn.ts";
import { Trans, useLingui } from "../../../lib/i18n/react-binding.tsx";
import { Link } from "../../../lib/router/index.ts";
import { BORROWED_TEXT } from "../borrowed-texts.ts";

const linkClass = "font-semibold text-brand-700 underline hover:text-brand-800";

/** Each question, and its answer in the page's language. */
const QUESTIONS: { question: string; answer: (i18n: I18n) => ReactNode }[] = [
  {
    question: /*i18n*/ "How do I ask for a refund?",
    answer: (i18n) =>
      i18n._(
        "Refund requests must reach us within {hours} hours of delivery. Send the form on this page with the query type {queryType} and your order number (FHH-...), and tell us what was wrong; a photo by email helps. We refund to the way you paid.",
        {
          hours: STORE.refundWindowHours,
          queryType: i18n._(QUERY_TYPE_LABELS.refund_request),
        },
      ),
  },
  {
    question: /*i18n*/ "How soon will you reply?",
    answer: (i18n) => (
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
  },
  {
    question: /*i18n*/ "How fast is delivery, and where do you deliver?",
    answer: (i18n) =>
      i18n._(
        "Orders are packed in {processingTime} and reach you in {promise} across Bhubaneswar. Checkout checks your PIN code and tells you before you pay if we cannot reach it yet.",
        {
          processingTime: i18n._(STORE.processingTime),
          promise: i18n._(STORE.deliveryPromise),
        },
      ),
  },
  {
    question: /*i18n*/ "Where is my order?",
    answer: (i18n) =>
      i18n._(
        "Your confirmation email links to your order, and its confirmation page has the delivery agent's phone number. Signed-in customers also find every order under {myOrders}.",
        { myOrders: i18n._(BORROWED_TEXT.myOrders) },
      ),
  },
  {
    question: /*i18n*/ "How do bulk orders for events work?",
    answer: () => (
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
  },
  {
    question: /*i18n*/ "Do I need an account to order?",
    answer: (i18n) =>
      i18n._(
        "No. You can check out as a guest. An account keeps your orders in one place and makes the next checkout faster.",
      ),
  },
];

function Question({ question, answer }: { question: string; answer: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className="border-b border-cream-200 last:border-b-0">
      <h3>
        <button
          type="button"
          id={`${id}-question`}
          aria-expanded={open}
          aria-controls={`${id}-answer`}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-4 py-4 text-left font-semibold text-ink-900 hover:text-brand-700"
        >
          {question}
          <ChevronDown
            aria-hidden="true"
            className={cn("h-5 w-5 shrink-0 transition-transform", open && "rotate-180")}
          />
        </button>
      </h3>
      <div id={`${id}-answer`} hidden={!open} className="pb-4 text-sm leading-relaxed text-ink-700">
        {answer}
      </div>
    </li>
  );
}

export function SupportFaq() {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="faq-title" className="rounded-3xl bg-white p-6 shadow-card sm:p-8">
      <h2 id="faq-title" className="text-xl font-bold text-ink-900">
        {i18n._("Frequently Asked Questions")}
      </h2>
      <ul className="mt-2">
        {QUESTIONS.map((item) => (
          <Question
            key={item.question}
            question={i18n._(item.question)}
            answer={item.answer(i18n)}
          />
        ))}
      </ul>
    </section>
  );
}
