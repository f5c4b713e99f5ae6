// Debian's Chromium and CJK fonts are what the end-to-end tests and screenshots need. Playwright's
// own browser download cannot reach its servers here, so we use the distribution's packages.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-noto-cjk'];

function hasCjkFonts() {
  const { stdout, status } = spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  return status === 0 && stdout.trim().length > 0;
}

export function ensureChromium() {
  const missing = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push('chromium');
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
