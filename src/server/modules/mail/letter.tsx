// Most mails are one letter: a greeting, a few paragraphs, a highlighted note, a table of
// details, one button, and closing lines. Order updates, bulk requests and support tickets each
// fill it with their own words.
import type { Locale } from "../../../shared/i18n/locales.ts";
import { translatorFor } from "../../i18n/translator.ts";
import { translatedParts } from "../../markup/translated-parts.ts";
import { UserText } from "../../markup/user-text.tsx";
import { EmailLayout } from "./email-layout.tsx";
import {
  ActionButton,
  Callout,
  type DetailRow,
  DetailsTable,
  Paragraph,
  Quote,
  SectionHeading,
} from "./email-pieces.tsx";
import { type MailBody, mailTemplate, templateMail } from "./mail-template.ts";
import { renderEmail } from "./render-email.ts";

export type Letter = {
  /**
   * The language the letter's words are in, for its frame (greeting, footer) to match; English
   * when not given. The caller writes the words themselves in it.
   */
  locale?: Locale;
  subject: string;
  title: string;
  /**
   * Who the letter greets: a name ("Hi Asha,"; as typed, fallback applied by the caller), or null
   * for "Hello," in a mail to an address nobody has shown is theirs, which repeats nothing typed.
   */
  greeting?: string | null;
  paragraphs: readonly string[];
  /** Messages quoted whole, e.g. the shop's reply to a ticket. */
  quotes?: readonly { author: string; text: string }[];
  highlight?: readonly string[];
  /** Figures the mail is about (e.g. a quote line by line), before the details. */
  tables?: readonly { heading: string; rows: readonly DetailRow[] }[];
  details?: { heading: string; rows: readonly DetailRow[] };
  action?: { label: string; href: string };
  closing?: readonly string[];
  /** The inbox preview; the first paragraph when not given. */
  preheader?: string;
};

/** The greeting of a mail that may not name the recipient. */
export const HELLO = /*i18n*/ "Hello,";

function Paragraphs({ texts }: { texts: readonly string[] | undefined }) {
  return texts?.map((text, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs never reorder
    <Paragraph key={index}>
      <UserText>{text}</UserText>
    </Paragraph>
  ));
}

function LetterEmail({ letter }: { letter: Letter }) {
  const { details, action, highlight } = letter;
  const i18n = translatorFor(letter.locale);
  return (
    <EmailLayout
      i18n={i18n}
      subject={letter.subject}
      preheader={letter.preheader ?? letter.paragraphs[0] ?? letter.subject}
      title={<UserText>{letter.title}</UserText>}
    >
      {letter.greeting === null && <Paragraph>{i18n._(HELLO)}</Paragraph>}
      {typeof letter.greeting === "string" && (
        <Paragraph>
          {translatedParts(i18n, /*i18n*/ "Hi {name},", {
            name: <UserText>{letter.greeting}</UserText>,
          })}
        </Paragraph>
      )}
      <Paragraphs texts={letter.paragraphs} />
      {letter.quotes?.map((quote, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: quotes never reorder
        <Quote key={index} author={quote.author}>
          {quote.text}
        </Quote>
      ))}
      {highlight && highlight.length > 0 && <Callout lines={highlight} />}
      {letter.tables?.map((table) => (
        <div key={table.heading}>
          <SectionHeading>{table.heading}</SectionHeading>
          <DetailsTable rows={table.rows} />
        </div>
      ))}
      {details && (
        <>
          <SectionHeading>{details.heading}</SectionHeading>
          <DetailsTable rows={details.rows} />
        </>
      )}
      {action && <ActionButton label={action.label} href={action.href} />}
      <Paragraphs texts={letter.closing} />
    </EmailLayout>
  );
}

/** Draws the mails that are one letter; its data is the Letter itself. */
export const letterTemplate = mailTemplate<Letter>("letter", (letter) =>
  renderEmail(<LetterEmail letter={letter} />),
);

/** A letter as the outbox keeps it: its subject, and the letter to draw when it is sent. */
export function letterMail(letter: Letter): MailBody & { subject: string } {
  return { subject: letter.subject, ...templateMail(letterTemplate, letter) };
}
