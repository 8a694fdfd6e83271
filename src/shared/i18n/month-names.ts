// The months as each language writes them in a date (decision 56): the store's own tables, so the
// server and every browser draw the same words whatever ICU data they carry. English keeps the
// short names the store has always printed ("Sep", not ICU's "Sept"); Odia and Hindi write the
// month in full, as their calendars and the UPI apps do, since their short forms are not what
// most shoppers read.
import type { Locale } from "./locales.ts";

export const MONTH_NAMES: Record<Locale, readonly string[]> = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  or: [
    "ଜାନୁଆରୀ",
    "ଫେବୃଆରୀ",
    "ମାର୍ଚ୍ଚ",
    "ଅପ୍ରେଲ",
    "ମେ",
    "ଜୁନ",
    "ଜୁଲାଇ",
    "ଅଗଷ୍ଟ",
    "ସେପ୍ଟେମ୍ବର",
    "ଅକ୍ଟୋବର",
    "ନଭେମ୍ବର",
    "ଡିସେମ୍ବର",
  ],
  hi: [
    "जनवरी",
    "फ़रवरी",
    "मार्च",
    "अप्रैल",
    "मई",
    "जून",
    "जुलाई",
    "अगस्त",
    "सितंबर",
    "अक्टूबर",
    "नवंबर",
    "दिसंबर",
  ],
};

/** The days of the week, Sunday first, as a long date names them. */
export const WEEKDAY_NAMES: Record<Locale, readonly string[]> = {
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  or: ["ରବିବାର", "ସୋମବାର", "ମଙ୍ଗଳବାର", "ବୁଧବାର", "ଗୁରୁବାର", "ଶୁକ୍ରବାର", "ଶନିବାର"],
  hi: ["रविवार", "सोमवार", "मंगलवार", "बुधवार", "गुरुवार", "शुक्रवार", "शनिवार"],
};
