export { type CaughtMail, type MailCatcher, startMailCatcher } from './mail-catcher';
export { type PageCallResult, callFromPage } from './page-call';
export { type RunningServer, freePort, repoRoot, startServer } from './start-server';
export {
  CHROMIUM_PATH,
  type LaunchedBrowser,
  artifactsDir,
  launchBrowser,
  screenshotOnFailure,
  withScreenshot,
} from './browser';
