// Loaded on its own when the ratings panel draws its trend: recharts is large and only staff need
// it. Hidden from assistive technology: the table beside it gives the same numbers.
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { RatingsSummary } from "../../../../shared/contracts/customer-voice.ts";
import { formatHarvestDay } from "../../../../shared/rules/harvest-date.ts";

const AXIS = { tickLine: false, axisLine: false, tick: { fill: "#5c6a5c", fontSize: 12 } };

export default function RatingsChart({ trend }: { trend: RatingsSummary["trend"] }) {
  const data = trend.map((day) => ({ ...day, label: formatHarvestDay(day.day) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart
        data={data}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
      >
        <CartesianGrid vertical={false} stroke="#f6efe0" />
        <XAxis dataKey="label" {...AXIS} interval="preserveStartEnd" minTickGap={16} />
        <YAxis domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} {...AXIS} />
        <Tooltip
          formatter={(value) => [Number(value).toFixed(2), "Average"]}
          contentStyle={{ borderRadius: 12, borderColor: "#dcefdc" }}
        />
        <Line
          type="monotone"
          dataKey="average"
          name="Average"
          stroke="#ee9a1a"
          strokeWidth={2}
          dot={{ r: 3, fill: "#ee9a1a" }}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
