/** Sign-in: its pages (the login page comes with the app, the others with their route) and the frame they share. */
export { AuthPageFrame } from './components/AuthPageFrame.tsx';
export { LoginPage, LogoutPage } from './pages.ts';
