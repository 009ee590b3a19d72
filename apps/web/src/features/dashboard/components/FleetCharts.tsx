import { Box, Paper } from '@mui/material';
import { type DashboardSummary, type DistributionEntry, firmwareLabel } from '@portal/contract';
import type { ReactNode } from 'react';
import { gatewaysLink, valueLabel } from '../dashboard-links.ts';
import { type Column, ColumnChart } from './ColumnChart.tsx';
import { PieChart, type PieSlice } from './PieChart.tsx';

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

export function connectivitySlices(summary: DashboardSummary, scopeId: string): PieSlice[] {
  return [
    {
      label: 'Online',
      count: summary.connectivity.online,
      color: '#2e7d32',
      to: gatewaysLink(scopeId, { status: 'online' }),
    },
    {
      label: 'Offline',
      count: summary.connectivity.offline,
      color: '#c62828',
      to: gatewaysLink(scopeId, { status: 'offline' }),
    },
  ];
}

export function enrollmentSlices(summary: DashboardSummary, scopeId: string): PieSlice[] {
  return [
    {
      label: 'Registered',
      count: summary.enrollment.registered,
      color: '#4190c7',
      to: gatewaysLink(scopeId, { enrollment: 'registered' }),
    },
    {
      label: 'Unregistered',
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

function columnsOf(entries: DistributionEntry[], scopeId: string, field: 'firmware' | 'os'): Column[] {
  return entries.map((entry) => ({
    label: entry.others
      ? 'Others'
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
  return (
    <Box sx={chartGrid}>
      <Tile>
        <PieChart title="Connectivity" slices={connectivitySlices(summary, scopeId)} />
      </Tile>
      <Tile>
        <PieChart title="Enrollment Status" slices={enrollmentSlices(summary, scopeId)} />
      </Tile>
      {extra}
      <Tile>
        <ColumnChart title="Gateway OS" columns={columnsOf(summary.os, scopeId, 'os')} color="#7b61ff" />
      </Tile>
      <Tile>
        <ColumnChart
          title="Gateway Firmware"
          columns={columnsOf(summary.firmware, scopeId, 'firmware')}
          color="#26a69a"
        />
      </Tile>
    </Box>
  );
}
