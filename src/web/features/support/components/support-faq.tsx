import { ChevronDown } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { BULK_NOTICE_DAYS } from "../../../../shared/rules/bulk-delivery-date.ts";
import {
  ADVANCE_PERCENT,
  CANCELLATION_FEE_PERCENT,
  FINAL_CHANGES_HOURS,
} from "../../../../shared/rules/bulk-order-status.ts";
import { STORE } from "../../../../shared/store-info.ts";
import { cn } from "../../../lib/cn.ts";
import { Link } from "../../../lib/router/index.ts";

const linkClass = "font-semibold text-brand-700 underline hover:text-brand-800";

const QUESTIONS: { question: string; answer: ReactNode }[] = [
  {
    question: "How do I ask for a refund?",
    answer: (
      <>
        Refund requests must reach us within {STORE.refundWindowHours} hours of delivery. Send the
        form on this page with the query type Refund Request and your order number (FHH-...), and
        tell us what was wrong; a photo by email helps. We refund to the way you paid.
      </>
    ),
  },
  {
    question: "How soon will you reply?",
    answer: (
      <>
        We reply to every message within {STORE.replyWithinHours} hours, usually much sooner. For
        something urgent, call{" "}
        <a href={STORE.phoneHref} className={linkClass}>
          {STORE.phone}
        </a>{" "}
        ({STORE.supportHours}).
      </>
    ),
  },
  {
    question: "How fast is delivery, and where do you deliver?",
    answer: (
      <>
        Orders are packed in {STORE.processingTime} and reach you in {STORE.deliveryPromise} across{" "}
        {STORE.city}. Checkout checks your PIN code and tells you before you pay if we cannot reach
        it yet.
      </>
    ),
  },
  {
    question: "Where is my order?",
    answer: (
      <>
        Your confirmation email links to your order, and its confirmation page has the delivery
        agent&apos;s phone number. Signed-in customers also find every order under My orders.
      </>
    ),
  },
  {
    question: "How do bulk orders for events work?",
    answer: (
      <>
        Send a{" "}
        <Link to="/bulk-order-request" className={linkClass}>
          bulk order request
        </Link>{" "}
        at least {BULK_NOTICE_DAYS * 24} hours before delivery. Our team reviews it and emails you a
        quote based on availability and market rates, with delivery charges by location and order
        size. A {ADVANCE_PERCENT}% advance, paid online, confirms the order. Changes are possible up
        to {FINAL_CHANGES_HOURS} hours before delivery; cancelling after processing has begun costs{" "}
        {CANCELLATION_FEE_PERCENT}% of the order. Cash on delivery is possible only with our
        approval.
      </>
    ),
  },
  {
    question: "Do I need an account to order?",
    answer: (
      <>
        No. You can check out as a guest. An account keeps your orders in one place and makes the
        next checkout faster.
      </>
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
  return (
    <section aria-labelledby="faq-title" className="rounded-3xl bg-white p-6 shadow-card sm:p-8">
      <h2 id="faq-title" className="text-xl font-bold text-ink-900">
        Frequently Asked Questions
      </h2>
      <ul className="mt-2">
        {QUESTIONS.map((item) => (
          <Question key={item.question} {...item} />
        ))}
      </ul>
    </section>
  );
}
