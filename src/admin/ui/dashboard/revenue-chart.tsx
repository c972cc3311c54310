'use client'

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatRub } from '@/lib/money'

/** Revenue by day over the last two weeks (recharts, ADR 162). Kopecks in, roubles on the axis. */
export function RevenueChart({ days }: { days: { date: string; orders: number; revenue: number }[] }) {
  const data = days.map((d) => ({ ...d, label: `${d.date.slice(8, 10)}.${d.date.slice(5, 7)}` }))
  return (
    <div className="h-64 w-full" role="img" aria-label="Выручка по дням за две недели">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e4e7eb" />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#52606d' }} tickLine={false} axisLine={false} />
          <YAxis tickFormatter={(v: number) => (v ? `${Math.round(v / 100_000)} тыс.` : '0')} tick={{ fontSize: 12, fill: '#52606d' }} tickLine={false} axisLine={false} width={56} />
          <Tooltip
            formatter={(value) => [formatRub(Number(value)), 'Выручка']}
            labelFormatter={(label, payload) => `${String(label)} · заказов: ${String(payload[0]?.payload?.orders ?? 0)}`}
          />
          <Bar dataKey="revenue" fill="#23834a" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
