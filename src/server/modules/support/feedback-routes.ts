import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { feedbackInputSchema, feedbackReceiptSchema } from "../../../shared/contracts/feedback.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { recordFeedback } from "./feedback-service.ts";

export function feedbackRoutes(app: App, db: Database) {
  app.post(
    "/api/feedback",
    {
      config: { customer: "anyone", rateLimit: { max: 10, timeWindow: 10 * 60 * 1000 } },
      schema: {
        tags: ["feedback"],
        summary: "Send feedback from the home page",
        body: feedbackInputSchema,
        response: { 201: feedbackReceiptSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await recordFeedback(db, request.body);
      return reply.code(201).send({ received: true });
    },
  );
}
