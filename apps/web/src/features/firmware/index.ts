/** What other features may use of firmware: the version label as the pages show it. */
export { versionLabel } from './components/VersionSelect.tsx';
