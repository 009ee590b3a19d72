/** The alerts feature's public face: the texts and checks others may show (its page is in pages.ts). */
export { matchesSensorAlert, searchKey } from './alerts-view.ts';
