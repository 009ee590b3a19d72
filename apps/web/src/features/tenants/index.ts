/** The customers feature (server module tenants) as other features use it: a customer's quotas on its Dashboard. */
export { CustomerQuotaPanel } from './components/CustomerQuotaPanel.tsx';
