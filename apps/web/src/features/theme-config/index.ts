/** What others may use of this feature: its pages, each loaded with its route (pages.ts). */
export { ThemeConfigPage } from './pages.ts';
