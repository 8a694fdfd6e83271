import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SiteSettings } from "../../../../shared/contracts/site.ts";
import { api } from "../../../lib/api-client.ts";

export const siteSettingsQuery = queryOptions({
  queryKey: ["site-settings"],
  queryFn: () => api.get<SiteSettings>("/api/site"),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useSiteSettings = () => useQuery(siteSettingsQuery);
