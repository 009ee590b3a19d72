/** What other features may use of sign-in (its pages are in pages.ts): the frame of the sign-in pages. */
export { AuthPageFrame } from './components/AuthPageFrame.tsx';
