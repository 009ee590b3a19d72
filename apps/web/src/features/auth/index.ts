/** What other features may use of sign-in (its pages are in pages.ts). */
export { AuthPageFrame } from './components/AuthPageFrame.tsx';
