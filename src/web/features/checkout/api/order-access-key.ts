import { ORDER_ACCESS_KEY_PATH } from "../../../../shared/contracts/order-access.ts";
import { api } from "../../../lib/api-client.ts";

/** Asks the store for this browser's order-access key: a cookie, kept if the browser has one. */
export const fetchOrderAccessKey = () => api.post<null>(ORDER_ACCESS_KEY_PATH, undefined);
