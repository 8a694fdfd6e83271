import type { FeedbackInput } from "../../../shared/contracts/feedback.ts";
import type { Database } from "../../db/client.ts";
import { notifyStaff } from "../live/index.ts";
import { feedback } from "./schema.ts";
import { FEEDBACK_EVENT } from "./voice-events.ts";

type ParsedFeedback = Required<Pick<FeedbackInput, "name" | "email" | "message">> & {
  website?: string | undefined;
};

export async function recordFeedback(db: Database, input: ParsedFeedback): Promise<void> {
  // A filled honeypot means a bot: answer as usual so it learns nothing, but keep nothing.
  if (input.website) return;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(feedback)
      .values({ name: input.name, email: input.email, message: input.message })
      .returning({ id: feedback.id });
    await notifyStaff(tx, { ...FEEDBACK_EVENT, id: String(row!.id) });
  });
}
