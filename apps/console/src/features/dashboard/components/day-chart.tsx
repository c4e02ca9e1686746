import { Card } from 'antd';
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

interface DayChartProps {
  title: string;
  /** One row per day: `date` and a number per series. */
  rows: Record<string, string | number>[];
  series: ChartSeries[];
  /** Bars below zero in red: the house lost that day. */
  redBelowZero?: boolean;
}

/** Figures per day as bars, one colour per series. */
export function DayChart({ title, rows, series, redBelowZero = false }: DayChartProps) {
  return (
    <Card size="small" title={title}>
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={(date: string) => date.slice(5)} fontSize={12} />
          <YAxis fontSize={12} width={70} />
          <Tooltip />
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
