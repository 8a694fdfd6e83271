import { z } from "zod";
import {
  FEEDBACK_API,
  feedbackIdParamSchema,
  feedbackPageSchema,
  followUpResultSchema,
  followUpSchema,
  lowRatingsPageSchema,
  RATINGS_API,
  ratingsSummarySchema,
  voiceListQuerySchema,
} from "../../../shared/contracts/customer-voice.ts";
import { orderNumberParamSchema } from "../../../shared/contracts/sales.ts";
import type { App } from "../../http/types.ts";
import { staffRouteParts } from "../staff/index.ts";
import { listFeedback, markFeedbackRead, replyToFeedback } from "./feedback-inbox.ts";
import { followUpRating, listLowRatings, ratingsSummary } from "./ratings.ts";
import type { ReplyDeps } from "./ticket-changes.ts";

const { staff, tags, errors } = staffRouteParts("customer-relations");

/** Customer Relations' feedback messages and order ratings, and the answers to them. */
export function customerVoiceRoutes(app: App, deps: ReplyDeps) {
  const { db } = deps;

  app.get(
    FEEDBACK_API,
    {
      config: staff,
      schema: {
        tags,
        summary: "Home-page feedback, newest first, with the unread count",
        querystring: voiceListQuerySchema,
        response: { 200: feedbackPageSchema, ...errors },
      },
    },
    async (request) => listFeedback(db, request.query.cursor),
  );

  app.post(
    `${FEEDBACK_API}/:id/read`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Mark a feedback message read",
        params: feedbackIdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await markFeedbackRead(db, request, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${FEEDBACK_API}/:id/replies`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Answer a feedback message by email: it opens a support conversation",
        params: feedbackIdParamSchema,
        body: followUpSchema,
        response: { 201: followUpResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const reference = await replyToFeedback(deps, request, request.params.id, request.body.body);
      return reply.code(201).send({ reference });
    },
  );

  app.get(
    RATINGS_API,
    {
      config: staff,
      schema: {
        tags,
        summary: "Order ratings: averages over 7 and 30 days, the stars' spread, the daily trend",
        response: { 200: ratingsSummarySchema, ...errors },
      },
    },
    async () => ratingsSummary(db),
  );

  app.get(
    `${RATINGS_API}/low`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Ratings of 1 or 2 stars, newest first, with any follow-up conversation",
        querystring: voiceListQuerySchema,
        response: { 200: lowRatingsPageSchema, ...errors },
      },
    },
    async (request) => listLowRatings(db, request.query.cursor),
  );

  app.post(
    `${RATINGS_API}/:orderNumber/follow-ups`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Follow up a low rating: a conversation with the customer, linked to the order",
        params: orderNumberParamSchema,
        body: followUpSchema,
        response: { 201: followUpResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const reference = await followUpRating(
        deps,
        request,
        request.params.orderNumber,
        request.body.body,
      );
      return reply.code(201).send({ reference });
    },
  );
}
