// The page's translator in React (decision 56): `useLingui()` hands it to a component, which
// draws again should a text it may show change; `<Trans>` places elements in a translated sentence.
import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useState,
} from "react";
import type { I18n, Values } from "../../../shared/i18n/translator.ts";

type Lingui = { i18n: I18n };

/** Null outside a provider: the staff's shared form parts read it without one. */
export const LinguiContext = createContext<Lingui | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  // A new value each time a held text changes, so every component that reads it draws again.
  const [value, setValue] = useState<Lingui>(() => ({ i18n }));
  if (value.i18n !== i18n) setValue({ i18n });
  useEffect(() => i18n.onChange(() => setValue({ i18n })), [i18n]);
  return <LinguiContext.Provider value={value}>{children}</LinguiContext.Provider>;
}

export function useLingui(): Lingui {
  const value = useContext(LinguiContext);
  if (!value) throw new Error("useLingui needs an I18nProvider above it");
  return value;
}

/** "<0>Login</0>" and "<1/>" in a translated sentence: the element of that number. */
const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/;

function placeElements(text: string, elements: Record<string, ReactElement>): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  for (let match = TAG.exec(rest); match; match = TAG.exec(rest)) {
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const [, paired, inside, single] = match;
    const element = elements[paired ?? single ?? ""] ?? <Fragment />;
    nodes.push(
      cloneElement(
        element,
        { key: nodes.length },
        ...(paired === undefined ? [] : [placeElements(inside ?? "", elements)]),
      ),
    );
    rest = rest.slice(match.index + match[0].length);
  }
  if (rest) nodes.push(rest);
  return nodes;
}

/**
 * A translated sentence with elements in it (`components`, tagged `<0>…</0>` in the text). A
 * value that is an element (what a shopper typed, `typedValue`) is placed as it is: its text is
 * never read for tags.
 */
export function Trans({
  id,
  values,
  components,
}: {
  id: string;
  values?: Values;
  components?: Record<string, ReactElement>;
}) {
  const { i18n } = useLingui();
  const elements: Record<string, ReactElement> = { ...components };
  const plain: Values = { ...values };
  for (const [name, value] of Object.entries(values ?? {})) {
    if (!isValidElement(value)) continue;
    const slot = String(Object.keys(elements).length);
    elements[slot] = value;
    plain[name] = `<${slot}/>`;
  }
  return <>{placeElements(i18n._(id, plain), elements)}</>;
}
