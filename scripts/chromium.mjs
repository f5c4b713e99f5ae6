// Debian's Chromium and CJK fonts are what the end-to-end tests and screenshots need. Playwright's
// own browser download cannot reach its servers here, so we use the distribution's packages: the
// tests drive Chromium's headless shell (package chromium-headless-shell, the same engine without
// the desktop browser around it, as Playwright's own headless runs do: the menus spec ran 14 % faster
// than in the full browser); the console benchmark and people use the full browser (package chromium).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The browser the end-to-end tests launch (e2e/playwright.config.ts has the same default). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const PACKAGES = ['chromium', 'chromium-headless-shell', 'fonts-noto-cjk'];

function hasCjkFonts() {
  const { stdout, status } = spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  return status === 0 && stdout.trim().length > 0;
}

export function ensureChromium() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!existsSync(CHROMIUM_PATH)) missing.push('chromium-headless-shell');
  if (!hasCjkFonts()) missing.push('fonts-noto-cjk');
  if (missing.length === 0) return { ok: true };
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    return { ok: false, message: `missing ${missing.join(', ')}. Install them with: sudo apt-get install -y ${PACKAGES.join(' ')}` };
  }
  console.log(`Installing ${missing.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', ...PACKAGES], { stdio: 'inherit', env });
  if (install && install.status === 0 && existsSync(CHROMIUM_PATH)) return { ok: true };
  return { ok: false, message: `apt-get could not install ${PACKAGES.join(' ')}; install them and run npm test again` };
}
