import type { ReactElement } from "react";

/**
 * A value someone typed (a name, an address, a device's name), for `<Trans values>`: Lingui reads
 * a string value's `<b>` as one of the message's tags, so what a shopper typed is handed over as
 * an element, which it places as it is.
 */
export const typedValue = (text: string): ReactElement => <>{text}</>;
