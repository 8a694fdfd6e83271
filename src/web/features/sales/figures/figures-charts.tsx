// Loaded on its own when the figures draw a chart: recharts is large and only staff need it.
// The charts are hidden from assistive technology: a table beside each gives the same numbers,
// so recharts' keyboard layer is off too (it would put a focus stop inside hidden content).
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { SalesSummary } from "../../../../shared/contracts/sales-figures.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { formatHarvestDay } from "../../../../shared/rules/harvest-date.ts";
import { formatWholeRupees } from "./figures-text.ts";

const AXIS = { tickLine: false, axisLine: false, tick: { fill: "#5c6a5c", fontSize: 12 } };
const TOOLTIP = { borderRadius: 12, borderColor: "#dcefdc" };

function RevenueChart({ daily }: { daily: SalesSummary["daily"] }) {
  const data = daily.map((day) => ({ ...day, label: formatHarvestDay(day.day) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart
        data={data}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      >
        <defs>
          <linearGradient id="sales-revenue-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#2f7d32" stopOpacity={0.35} />
            <stop offset="100%" stopColor="#2f7d32" stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid vertical={false} stroke="#f6efe0" />
        <XAxis dataKey="label" {...AXIS} interval="preserveStartEnd" minTickGap={16} />
        <YAxis {...AXIS} width={64} tickFormatter={(paise: number) => formatWholeRupees(paise)} />
        <Tooltip
          formatter={(value, name) =>
            name === "Revenue" ? [formatRupees(Number(value)), name] : [value, name]
          }
          contentStyle={TOOLTIP}
        />
        <Area
          type="monotone"
          dataKey="revenuePaise"
          name="Revenue"
          stroke="#2f7d32"
          strokeWidth={2}
          fill="url(#sales-revenue-fill)"
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}

function HourlyChart({ hourly }: { hourly: SalesSummary["hourly"] }) {
  const data = hourly.map((hour) => ({ ...hour, label: String(hour.hour).padStart(2, "0") }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={data}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
      >
        <CartesianGrid vertical={false} stroke="#f6efe0" />
        <XAxis dataKey="label" {...AXIS} interval={2} />
        <YAxis allowDecimals={false} {...AXIS} />
        <Tooltip
          cursor={{ fill: "#f0f8f0" }}
          labelFormatter={(label) => `${label}:00`}
          formatter={(value) => [value, "Orders"]}
          contentStyle={TOOLTIP}
        />
        <Bar dataKey="orders" name="Orders" fill="#ee9a1a" radius={[6, 6, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** One export for React.lazy: both charts come in the same chunk. */
export default function FiguresChart(
  props:
    | { kind: "revenue"; daily: SalesSummary["daily"] }
    | { kind: "hourly"; hourly: SalesSummary["hourly"] },
) {
  return props.kind === "revenue" ? (
    <RevenueChart daily={props.daily} />
  ) : (
    <HourlyChart hourly={props.hourly} />
  );
}
