import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FeedbackOutlined from '@mui/icons-material/FeedbackOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import NotificationImportantOutlined from '@mui/icons-material/NotificationImportantOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import RecentActorsOutlined from '@mui/icons-material/RecentActorsOutlined';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import type { ReactElement } from 'react';
import type { NavItemId } from '../navigation.ts';

export const NAV_ICONS: Record<NavItemId, ReactElement> = {
  dashboard: <DashboardOutlined />,
  gateways: <RouterOutlined />,
  locks: <LockOutlined />,
  userDashboard: <PersonOutlined />,
  globalDashboard: <PublicOutlined />,
  portalUsers: <GroupOutlined />,
  lockUsers: <RecentActorsOutlined />,
  alerts: <NotificationsOutlined />,
  incidents: <NotificationImportantOutlined />,
  agentConfig: <AdminPanelSettingsOutlined />,
  feedback: <FeedbackOutlined />,
  activity: <HistoryOutlined />,
  apiKeys: <KeyOutlined />,
  webhooks: <WebhookOutlined />,
};
