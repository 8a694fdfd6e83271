// Loaded on its own when the dashboard draws the chart: recharts is large and only staff need it.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { InventorySummary } from "../../../../shared/contracts/inventory.ts";
import { formatHarvestDay } from "../../../../shared/rules/harvest-date.ts";

type Day = InventorySummary["daily"][number];

export default function DashboardSalesChart({ daily }: { daily: Day[] }) {
  const data = daily.map((day) => ({ ...day, label: formatHarvestDay(day.day) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      {/* The chart is hidden from assistive technology (a list beside it gives the same numbers),
          so recharts' keyboard layer would put a focus stop inside hidden content. */}
      <BarChart
        data={data}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
      >
        <CartesianGrid vertical={false} stroke="#f6efe0" />
        <XAxis
          dataKey="label"
          tickLine={false}
          axisLine={false}
          tick={{ fill: "#5c6a5c", fontSize: 12 }}
          interval="preserveStartEnd"
          minTickGap={12}
        />
        <YAxis
          allowDecimals={false}
          tickLine={false}
          axisLine={false}
          tick={{ fill: "#5c6a5c", fontSize: 12 }}
        />
        <Tooltip
          cursor={{ fill: "#f0f8f0" }}
          formatter={(value) => [value, "Units sold"]}
          contentStyle={{ borderRadius: 12, borderColor: "#dcefdc" }}
        />
        <Bar dataKey="units" name="Units sold" fill="#2f7d32" radius={[6, 6, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
