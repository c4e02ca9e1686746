import { Card } from 'antd';
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from '../../../components/number-format';

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

interface DayChartProps {
  title: string;
  /** One row per day: `date` and an amount in cents per series. */
  rows: Record<string, string | number>[];
  series: ChartSeries[];
  /** Bars below zero in red: the house lost that day. */
  redBelowZero?: boolean;
}

/** Amounts per day as bars, one colour per series, written as every amount of the console. */
export function DayChart({ title, rows, series, redBelowZero = false }: DayChartProps) {
  return (
    <Card size="small" title={title}>
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={(date: string) => date.slice(5)} fontSize={12} />
          {/* At least 0 to 1.00, so days of nothing ticks in whole amounts, not in cents. */}
          <YAxis fontSize={12} width={90} domain={[(low: number) => Math.min(low, 0), (high: number) => Math.max(high, 100)]} tickFormatter={(cents: number) => formatCents(cents)} />
          <Tooltip formatter={(cents) => formatCents(Number(cents))} />
          <Legend />
          {series.map(({ key, name, color }) => (
            <Bar key={key} dataKey={key} name={name} fill={color} isAnimationActive={false}>
              {redBelowZero ? rows.map((row) => <Cell key={String(row['date'])} fill={Number(row[key]) < 0 ? '#ff4d4f' : color} />) : null}
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </Card>
  );
}
