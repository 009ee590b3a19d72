import { Box, Paper } from '@mui/material';
import { type DashboardSummary, type DistributionEntry, firmwareLabel } from '@portal/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { gatewaysLink, valueLabel } from '../dashboard-links.ts';
import { type Column, ColumnChart } from './ColumnChart.tsx';
import { PieChart, type PieSlice } from './PieChart.tsx';

/** The dashboard's texts, handed to the functions that build the charts' slices and columns. */
type DashboardT = TFunction<'dashboard'>;

const PALETTE = [
  '#4190c7',
  '#f5a623',
  '#7b61ff',
  '#26a69a',
  '#ef5350',
  '#8d6e63',
  '#ec407a',
  '#9ccc65',
  '#5c6bc0',
  '#ffca28',
  '#78909c',
  '#29b6f6',
  '#bdbdbd',
];

/** A card of the dashboard grid. */
export function Tile({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0, gridColumn: wide ? { md: 'span 2' } : undefined }}>
      {children}
    </Paper>
  );
}

export const chartGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    md: 'repeat(2, minmax(0, 1fr))',
    xl: 'repeat(3, minmax(0, 1fr))',
  },
} as const;

export function connectivitySlices(t: DashboardT, summary: DashboardSummary, scopeId: string): PieSlice[] {
  return [
    {
      label: t('charts.online'),
      count: summary.connectivity.online,
      color: '#2e7d32',
      to: gatewaysLink(scopeId, { status: 'online' }),
    },
    {
      label: t('charts.offline'),
      count: summary.connectivity.offline,
      color: '#c62828',
      to: gatewaysLink(scopeId, { status: 'offline' }),
    },
  ];
}

export function enrollmentSlices(t: DashboardT, summary: DashboardSummary, scopeId: string): PieSlice[] {
  return [
    {
      label: t('charts.registered'),
      count: summary.enrollment.registered,
      color: '#4190c7',
      to: gatewaysLink(scopeId, { enrollment: 'registered' }),
    },
    {
      label: t('charts.unregistered'),
      count: summary.enrollment.unregistered,
      color: '#f5a623',
      to: gatewaysLink(scopeId, { enrollment: 'unregistered' }),
    },
  ];
}

export function customerSlices(summary: DashboardSummary, scopeId: string): PieSlice[] {
  return summary.customers.map((customer, i) => ({
    label: customer.tenantName,
    count: customer.count,
    color: PALETTE[i % PALETTE.length]!,
    to: customer.scopeId
      ? gatewaysLink(scopeId, { tenant: customer.scopeId, tenantName: customer.tenantName })
      : undefined,
  }));
}

function columnsOf(
  t: DashboardT,
  entries: DistributionEntry[],
  scopeId: string,
  field: 'firmware' | 'os',
): Column[] {
  return entries.map((entry) => ({
    label: entry.others
      ? t('charts.others')
      : valueLabel(field === 'firmware' ? (firmwareLabel(entry.value) ?? '') : entry.value),
    count: entry.count,
    to: entry.others
      ? undefined
      : gatewaysLink(scopeId, field === 'firmware' ? { firmware: entry.value } : { os: entry.value }),
  }));
}

/** The charts both dashboards share: Connectivity and Enrollment Status pies, Gateway OS and Firmware columns. */
export function FleetCharts({
  summary,
  scopeId,
  extra,
}: {
  summary: DashboardSummary;
  scopeId: string;
  extra?: ReactNode;
}) {
  const t = useT('dashboard');
  return (
    <Box sx={chartGrid}>
      <Tile>
        <PieChart title={t('charts.connectivity')} slices={connectivitySlices(t, summary, scopeId)} />
      </Tile>
      <Tile>
        <PieChart title={t('charts.enrollment')} slices={enrollmentSlices(t, summary, scopeId)} />
      </Tile>
      {extra}
      <Tile>
        <ColumnChart
          title={t('charts.os')}
          columns={columnsOf(t, summary.os, scopeId, 'os')}
          color="#7b61ff"
        />
      </Tile>
      <Tile>
        <ColumnChart
          title={t('charts.firmware')}
          columns={columnsOf(t, summary.firmware, scopeId, 'firmware')}
          color="#26a69a"
        />
      </Tile>
    </Box>
  );
}
