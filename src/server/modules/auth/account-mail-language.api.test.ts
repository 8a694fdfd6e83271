// An account's own mails (its codes and its news) are written in its owner's language: the one
// saved on the account, else the language of the page whose request caused the mail (the
// storefront sends it as Accept-Language), else English.
import { describe, expect, it } from "vitest";
import { ACCOUNT_API } from "../../../shared/contracts/account.ts";
import { ACCOUNT_DELETION_API } from "../../../shared/contracts/account-deletion.ts";
import { SIGN_IN_GUARD } from "../../../shared/rules/sign-in-guard.ts";
import {
  cookieOf,
  freshEmail,
  shopperCalls,
  signUpCustomer,
  TEST_ORIGIN,
} from "../../testing/customers.ts";
import { type DrawnRow, newestMailTo } from "../../testing/outbox-mail.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const PASSWORD = "green mangoes ripen";
/** What the storefront sends from a page in each language (api-client.ts). */
const PAGE = {
  en: { "accept-language": "en" },
  or: { "accept-language": "or" },
  hi: { "accept-language": "hi" },
} as const;
/** The frame's footer, in Hindi: the whole letter is in the language, not only its own words. */
const HINDI_FOOTER = "कुछ पूछना है?";

describe.each(testDatabaseKinds)("an account's mails on %s", (kind) => {
  const ctx = useTestApp(kind);
  const call = shopperCalls(ctx);

  async function mailTo(email: string): Promise<DrawnRow> {
    const mail = await newestMailTo(ctx.database.db, email);
    if (!mail) throw new Error(`no mail to ${email}`);
    return mail;
  }
  /** Enough wrong passwords for `email`'s account, from one address and page, to warn its owner. */
  async function guessPasswords(email: string, page: Record<string, string>, address: string) {
    for (let failed = 0; failed < SIGN_IN_GUARD.warnAtFailures; failed++) {
      const guess = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email, password: `a wrong guess ${failed}` },
        headers: { origin: TEST_ORIGIN, ...page },
        remoteAddress: address,
      });
      expect(guess.statusCode).toBe(401);
    }
  }
  const codeIn = (mail: DrawnRow) => /\b(\d{6})\b/.exec(mail.textBody)![1]!;

  async function signUp(headers: Record<string, string>) {
    const email = freshEmail("account-language");
    const response = await call(
      "POST",
      "/api/auth/sign-up/email",
      undefined,
      { name: "Asha Das", email, password: PASSWORD },
      headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    return { email, cookie: cookieOf(response.headers["set-cookie"], "fhh.session_token")! };
  }

  /** A customer who chose Hindi on the storefront; the requests below come from English pages. */
  async function hindiCustomer() {
    const customer = await signUpCustomer(ctx.app, "Asha Das");
    const chosen = await call("PUT", ACCOUNT_API.language, customer.cookie, { locale: "hi" });
    expect(chosen.statusCode, chosen.body).toBe(204);
    return customer;
  }

  /** Hindi from subject to footer, its button to the Hindi page, and no English sentence left. */
  function expectHindi(
    mail: DrawnRow,
    { subject, says, english }: { subject: string; says: string[]; english: string },
  ) {
    expect(mail.subject).toBe(subject);
    expect(mail.htmlBody).toContain('<html lang="hi-IN">');
    expect(mail.htmlBody).toContain(`<title>${subject}</title>`);
    for (const text of [...says, HINDI_FOOTER]) expect(mail.textBody).toContain(text);
    expect(mail.textBody).toMatch(/: https?:\/\/[^/\s]+\/hi\//);
    expect(mail.textBody).not.toContain(english);
    expect(mail.textBody).not.toContain("Questions?");
  }

  it("writes a sign-up's code in the language of the page it was made on, and the code works", async () => {
    const { email } = await signUp(PAGE.or);
    const mail = await mailTo(email);
    expect(mail.subject).toBe("ଆପଣଙ୍କ Fresh Harvest Hub ଯାଞ୍ଚ କୋଡ୍");
    expect(mail.htmlBody).toContain('<html lang="or-IN">');
    expect(mail.textBody).toContain(
      "Fresh Harvest Hubକୁ ସ୍ୱାଗତ! ଆପଣଙ୍କ ଇମେଲ ଠିକଣା ଯାଞ୍ଚ କରିବାକୁ ଏହି କୋଡ୍ ଲେଖନ୍ତୁ:",
    );
    expect(mail.textBody).toMatch(/ଆପଣଙ୍କ କୋଡ୍ ଲେଖନ୍ତୁ: https?:\/\/[^/\s]+\/or\/otp-verification/);
    expect(mail.textBody).toContain("10 ମିନିଟ");
    expect(mail.textBody).not.toContain("Welcome");
    const verified = await call("POST", "/api/auth/email-otp/verify-email", undefined, {
      email,
      otp: codeIn(mail),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it("writes a code asked for before the account has a language in the asking page's", async () => {
    const { email } = await signUp(PAGE.en);
    const asked = await call(
      "POST",
      "/api/auth/email-otp/request-password-reset",
      undefined,
      { email },
      PAGE.hi,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await mailTo(email);
    expect(mail.subject).toBe("अपना Fresh Harvest Hub पासवर्ड रीसेट करें");
    expect(mail.htmlBody).toContain('<html lang="hi-IN">');
    expect(mail.textBody).toMatch(/: https?:\/\/[^/\s]+\/hi\/reset-password/);
  });

  it("tells a Hindi customer of a password change in Hindi, whatever page it was made on", async () => {
    const { cookie, email } = await hindiCustomer();
    const changed = await call(
      "POST",
      ACCOUNT_API.changePassword,
      cookie,
      { currentPassword: PASSWORD, newPassword: "ripe mangoes in june" },
      PAGE.en,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expectHindi(await mailTo(email), {
      subject: "आपका Fresh Harvest Hub पासवर्ड बदल दिया गया है",
      says: [
        "नमस्ते Asha,",
        "आपके Fresh Harvest Hub खाते का पासवर्ड अभी-अभी बदला गया है",
        "अगर यह आपने नहीं किया, तो इस पते पर हमारे भेजे कोड से अभी अपना पासवर्ड रीसेट करें",
        "मेरा पासवर्ड रीसेट करें:",
      ],
      english: "If it was not you",
    });
  });

  it("sends a Hindi customer's new address its code, and the old one the news, in Hindi", async () => {
    const { cookie, email } = await hindiCustomer();
    const newEmail = freshEmail("asha-new");
    const asked = await call(
      "POST",
      ACCOUNT_API.requestEmailChange,
      cookie,
      { newEmail, currentPassword: PASSWORD },
      PAGE.en,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const code = await mailTo(newEmail);
    expect(code.subject).toBe("अपने नए Fresh Harvest Hub ईमेल पते की पुष्टि करें");
    expect(code.htmlBody).toContain('<html lang="hi-IN">');

    const changed = await call(
      "POST",
      ACCOUNT_API.changeEmail,
      cookie,
      { newEmail, otp: codeIn(code) },
      PAGE.en,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expectHindi(await mailTo(email), {
      subject: "आपका Fresh Harvest Hub ईमेल पता बदल दिया गया है",
      says: [
        "नमस्ते Asha,",
        `आपका Fresh Harvest Hub खाता अब ${newEmail} से साइन इन होता है`,
        "सहायता टीम से संपर्क करें:",
      ],
      english: "now signs in with",
    });
  });

  it("warns a Hindi customer of failed sign-ins in Hindi, whatever page the guesses came from", async () => {
    const { email } = await hindiCustomer();
    await guessPasswords(email, PAGE.en, "203.0.113.9");
    expectHindi(await mailTo(email), {
      subject: "आपके Fresh Harvest Hub खाते में साइन इन की नाकाम कोशिशें",
      says: [
        "(भारतीय समय) पर नेटवर्क पते 203.0.113.9 से हुई।",
        "अगर वह आप नहीं थे, तो इस पते पर हमारे भेजे कोड से अभी नया पासवर्ड चुनें",
      ],
      english: "India time",
    });
  });

  it("warns a customer with no language in English, whatever language the guesses came in", async () => {
    const { email } = await signUpCustomer(ctx.app, "Asha Das");
    await guessPasswords(email, PAGE.or, "203.0.113.10");
    const warning = await mailTo(email);
    expect(warning.subject).toBe("Failed sign-ins to your Fresh Harvest Hub account");
    expect(warning.htmlBody).toContain('<html lang="en-IN">');
  });

  it("mails a Hindi customer's deletion code and the deletion's news in Hindi", async () => {
    const { cookie, email } = await hindiCustomer();
    const asked = await call("POST", ACCOUNT_DELETION_API.code, cookie, {}, PAGE.en);
    expect(asked.statusCode, asked.body).toBe(204);
    const codeMail = await mailTo(email);
    expectHindi(codeMail, {
      subject: "आपका Fresh Harvest Hub खाता हटाने का कोड",
      says: ["किसी ने (उम्मीद है, आपने ही) आपका Fresh Harvest Hub खाता हटाने का अनुरोध किया है।"],
      english: "Someone (hopefully you)",
    });

    const deleted = await call(
      "POST",
      ACCOUNT_DELETION_API.delete,
      cookie,
      { code: codeIn(codeMail) },
      PAGE.en,
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    expectHindi(await mailTo(email), {
      subject: "आपका Fresh Harvest Hub खाता हटा दिया गया है",
      says: [
        "नमस्ते Asha,",
        "आपके कहे अनुसार आपका Fresh Harvest Hub खाता हटा दिया गया है",
        // The account page's own words for what is erased and what the law keeps.
        "हम क्या मिटाते हैं:",
        "₹50,000 या उससे ज़्यादा के इनवॉइस पर GST क़ानून के अनुसार",
      ],
      english: "What we erase",
    });
  });

  it("keeps English for a customer with no language who asks from an English page", async () => {
    const { email, cookie } = await signUp(PAGE.en);
    const code = await mailTo(email);
    expect(code.subject).toBe("Your Fresh Harvest Hub verification code");
    expect(code.htmlBody).toContain('<html lang="en-IN">');
    expect(code.textBody).toMatch(/Enter your code: https?:\/\/[^/\s]+\/otp-verification/);

    const changed = await call(
      "POST",
      ACCOUNT_API.changePassword,
      cookie,
      { currentPassword: PASSWORD, newPassword: "ripe mangoes in june" },
      PAGE.en,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const told = await mailTo(email);
    expect(told.subject).toBe("Your Fresh Harvest Hub password was changed");
    expect(told.htmlBody).toContain('<html lang="en-IN">');
    expect(told.textBody).toContain("Hi Asha,");
    expect(told.textBody).toMatch(/Reset my password: https?:\/\/[^/\s]+\/forgot-password/);
    expect(told.textBody).toContain("Questions? Write to");
  });
});
