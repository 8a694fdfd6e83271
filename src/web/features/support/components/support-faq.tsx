import { ChevronDown } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { I18n } from "../../../../shared/i18n/translator.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { cn } from "../../../lib/cn.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { loadPageTexts } from "../../../lib/i18n/shop-i18n.ts";
import { loadOnce } from "../../../lib/load-once.ts";

type Answers = Record<FaqQuestion, (i18n: I18n) => ReactNode>;

/** The answers' code and texts, once; a load that failed is tried again next time. */
const faqAnswers = loadOnce<Answers>(() =>
  Promise.all([
    import("./faq-answers.tsx"),
    loadPageTexts(["features/support/components/faq-answers"]),
  ]).then(([{ FAQ_ANSWERS }]) => FAQ_ANSWERS),
);

/** The questions, in the order shown; their answers load when wanted (faq-answers.tsx). */
const FAQ_QUESTIONS = {
  refund: /*i18n*/ "How do I ask for a refund?",
  reply: /*i18n*/ "How soon will you reply?",
  delivery: /*i18n*/ "How fast is delivery, and where do you deliver?",
  whereIsOrder: /*i18n*/ "Where is my order?",
  bulk: /*i18n*/ "How do bulk orders for events work?",
  account: /*i18n*/ "Do I need an account to order?",
} as const;

export type FaqQuestion = keyof typeof FAQ_QUESTIONS;

/** The answers while they are on their way, and if they could not come. */
const FAQ_TEXTS = {
  loading: /*i18n*/ "Loading the answer",
  failed: /*i18n*/ "We could not load the answers. Check your connection.",
  retry: /*i18n*/ "Load the answers again",
} as const;

function Question({
  question,
  answer,
  onOpen,
}: {
  question: string;
  answer: ReactNode;
  onOpen: () => void;
}) {
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
          onClick={() => {
            if (!open) onOpen();
            setOpen((value) => !value);
          }}
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

/**
 * The questions, each opening its answer. The answers come when the questions are on screen, or
 * as soon as a visitor points at, tabs to or opens one.
 */
export function SupportFaq() {
  const { i18n } = useLingui();
  const list = useRef<HTMLUListElement>(null);
  const [answers, setAnswers] = useState<Answers>();
  const [failed, setFailed] = useState(false);
  const want = () => {
    if (answers) return;
    setFailed(false);
    faqAnswers.load().then(setAnswers, () => setFailed(true));
  };
  const wantRef = useRef(want);
  wantRef.current = want;

  useEffect(() => {
    const element = list.current;
    if (!element || answers) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) wantRef.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [answers]);

  const answerTo = (question: FaqQuestion): ReactNode => {
    if (answers) return answers[question](i18n);
    if (failed) {
      return (
        <p role="alert">
          {i18n._(FAQ_TEXTS.failed)}{" "}
          <button type="button" onClick={want} className="font-semibold text-brand-700 underline">
            {i18n._(FAQ_TEXTS.retry)}
          </button>
        </p>
      );
    }
    return <Spinner label={i18n._(FAQ_TEXTS.loading)} />;
  };

  return (
    <section aria-labelledby="faq-title" className="rounded-3xl bg-white p-6 shadow-card sm:p-8">
      <h2 id="faq-title" className="text-xl font-bold text-ink-900">
        {i18n._("Frequently Asked Questions")}
      </h2>
      <ul ref={list} className="mt-2" onPointerEnter={want} onFocus={want}>
        {Object.entries(FAQ_QUESTIONS).map(([key, question]) => (
          <Question
            key={key}
            question={i18n._(question)}
            answer={answerTo(key as FaqQuestion)}
            onOpen={want}
          />
        ))}
      </ul>
    </section>
  );
}
