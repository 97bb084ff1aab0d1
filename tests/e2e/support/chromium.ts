/**
 * How the journeys and the preview bench start Debian's Chromium (nothing is downloaded): headless
 * as root, and without its background connections, which this machine's closed network refuses.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
