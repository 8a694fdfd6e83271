import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  type OrderTracking,
  orderEventsPath,
  orderTrackingApiPath,
} from "../../../../shared/contracts/order-tracking.ts";
import { api } from "../../../lib/api-client.ts";
import { orderQuery } from "./orders.ts";

export const orderTrackingQuery = (orderNumber: string) =>
  queryOptions({
    // Under the order's own key, so whatever refreshes the order refreshes its tracking too.
    queryKey: [...orderQuery(orderNumber).queryKey, "tracking"],
    queryFn: () => api.get<OrderTracking>(orderTrackingApiPath(orderNumber)),
  });

/** While an order awaits its payment it is read again now and then: it may be paid elsewhere. */
const AWAITING_REFRESH_MS = 15_000;

export const useOrderTracking = (orderNumber: string) =>
  useQuery({
    ...orderTrackingQuery(orderNumber),
    refetchInterval: (query) =>
      query.state.data?.order.status === "awaiting_payment" ? AWAITING_REFRESH_MS : false,
  });

export type OrderLiveState = "off" | "connecting" | "live" | "paused";

/** After a refusal (429: too many windows; 404: signed out) EventSource gives up: try later. */
const REOPEN_AFTER_MS = 10_000;

/**
 * Keeps the order fresh while `watching`: one EventSource for the page, which reads the order
 * again (through the same access check) whenever the stream says it changed, and after a
 * reconnect, since changes may have been missed meanwhile. Closed once the order is settled.
 */
export function useOrderStream(orderNumber: string, watching: boolean): OrderLiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<OrderLiveState>("connecting");

  useEffect(() => {
    if (!watching) return;
    let source: EventSource | undefined;
    let reopen: number | undefined;
    let dropped = false;
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: orderQuery(orderNumber).queryKey });

    function open() {
      source = new EventSource(orderEventsPath(orderNumber));
      source.onopen = () => {
        setState("live");
        if (dropped) refresh();
      };
      source.onerror = () => {
        dropped = true;
        setState("paused");
        if (source?.readyState === EventSource.CLOSED) {
          source = undefined;
          reopen = window.setTimeout(open, REOPEN_AFTER_MS);
        }
      };
      source.onmessage = refresh;
    }

    setState("connecting");
    open();
    return () => {
      window.clearTimeout(reopen);
      source?.close();
    };
  }, [orderNumber, watching, queryClient]);

  return watching ? state : "off";
}

/** How often the countdown moves on. */
const TICK_MS = 15_000;

/**
 * The server's clock now: its `now` when the answer came, plus the time passed on this device
 * since, so the countdown agrees with the shop whatever the device's clock says.
 */
export function useShopClock(serverNow: string, receivedAt: number): Date {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setDeviceNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return new Date(Date.parse(serverNow) + Math.max(0, deviceNow - receivedAt));
}
