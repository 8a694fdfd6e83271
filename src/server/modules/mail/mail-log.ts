/**
 * What the mail worker's log says about a mail. The recipient is personal data: the log names
 * the outbox row (whose `to_address` says who, for whoever may read the database) and the
 * recipient's domain, which is what a delivery problem usually depends on.
 */
export function mailLogFields(row: { id: number; toAddress: string; subject: string }) {
  return { mailId: row.id, toDomain: domainOf(row.toAddress), subject: row.subject };
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1).replace(/>$/, "");
}

const ADDRESS = /[^\s<>"'(),;:[\]@]+@[^\s<>"'(),;:[\]@]+/g;

/**
 * An SMTP server's refusal often quotes the recipient ("550 5.1.1 <asha@example.in>: Recipient
 * address rejected"); the log keeps the reason and leaves out every address.
 */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS, "[address]");
}
