// A real SMTP server on 127.0.0.1 for the mail tests (smtp-server, a devDependency).
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";

export type ReceivedMail = {
  mailFrom: string | undefined;
  rcptTo: string[];
  /** The whole message as sent: headers, MIME parts and encoded attachments. */
  raw: string;
  /** Whether the session was upgraded with STARTTLS. */
  secure: boolean;
};

export type SmtpTestListener = {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  received: ReceivedMail[];
  /** Refuse every message from now on with this reply (a 4xx code means "try again later"). */
  refuse(message: string, responseCode?: number): void;
  /** Accept messages again. */
  accept(): void;
  close(): Promise<void>;
};

/**
 * Without `starttls` the listener offers plain SMTP only, like a local relay (Mailpit, Postfix
 * on localhost); with it, it offers STARTTLS with smtp-server's built-in self-signed certificate.
 */
export async function startSmtpListener({ starttls = false } = {}): Promise<SmtpTestListener> {
  const received: ReceivedMail[] = [];
  let refusal: { message: string; responseCode: number } | undefined;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: starttls ? [] : ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusal) {
          const error = Object.assign(new Error(refusal.message), {
            responseCode: refusal.responseCode,
          });
          callback(error);
          return;
        }
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          mailFrom: mailFrom ? mailFrom.address : undefined,
          rcptTo: rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          secure: session.secure,
        });
        callback();
      });
    },
  });
  // A client that hangs up mid-session is not a test failure.
  server.on("error", () => {});

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(message, responseCode = 451) {
      refusal = { message, responseCode };
    },
    accept() {
      refusal = undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A listener for one suite, started before its tests and closed after them. With `env`, its URL
 * goes into `env.SMTP_URL` for the suite's app: call this before `useTestApp(kind, env)`, so the
 * listener is closed after the app (hooks registered first run last).
 */
export function useSmtpListener(
  env?: Record<string, string>,
  options: { starttls?: boolean } = {},
): SmtpTestListener {
  let listener: SmtpTestListener | undefined;
  const live = () => {
    if (!listener) throw new Error("the SMTP listener starts in the suite's beforeAll");
    return listener;
  };
  beforeAll(async () => {
    listener = await startSmtpListener(options);
    if (env) env.SMTP_URL = listener.url;
  });
  afterAll(() => listener?.close());
  return {
    get url() {
      return live().url;
    },
    get received() {
      return live().received;
    },
    refuse: (message, responseCode) => live().refuse(message, responseCode),
    accept: () => live().accept(),
    close: () => live().close(),
  };
}

/** A received message's headers and decoded text and HTML parts, as a mail client reads them. */
export function readMail(mail: ReceivedMail) {
  const [head = "", ...rest] = mail.raw.split("\r\n\r\n");
  const headers = head.replace(/\r\n[ \t]+/g, " ");
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const parts: Record<string, string> = {};
  for (const part of boundary ? rest.join("\r\n\r\n").split(`--${boundary}`) : []) {
    const split = part.indexOf("\r\n\r\n");
    const partHeaders = part.slice(0, split);
    const body = part.slice(split + 4);
    const type = /Content-Type:\s*(text\/(?:plain|html))/i.exec(partHeaders)?.[1];
    if (!type) continue;
    const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(partHeaders)?.[1]?.toLowerCase();
    parts[type.toLowerCase()] =
      encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : encoding === "quoted-printable"
          ? Buffer.from(
              body
                .replace(/=\r\n/g, "")
                .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
                  String.fromCharCode(parseInt(hex, 16)),
                ),
              "latin1",
            ).toString("utf8")
          : body;
  }
  const subject = /^Subject: (.*)$/m.exec(headers)?.[1]?.trim();
  return { headers, subject, text: parts["text/plain"], html: parts["text/html"] };
}
