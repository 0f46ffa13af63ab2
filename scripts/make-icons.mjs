#!/usr/bin/env node
/**
 * Writes the web app's PNG icons from apps/web/public/icons/icon.svg (run by hand after changing the
 * SVG; the PNGs are committed): 192 and 512 for the manifest, a 512 maskable one (the
 * shield inside the 80% safe zone on a full-bleed background), the 180 Apple touch icon
 * and a 32 favicon. Rendered with sharp (librsvg), which the API already installs
 * (`node scripts/make-icons.mjs`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const icons = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public', 'icons');
const svg = readFileSync(path.join(icons, 'icon.svg'));
const BACKGROUND = '#2886ff';

async function plain(size, name) {
  await sharp(svg, { density: 384 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(icons, name));
}

/** Full-bleed square, the artwork scaled to 70% in the middle (inside the 80% safe circle). */
async function maskable(size, name) {
  const inner = Math.round(size * 0.7);
  const art = await sharp(svg, { density: 384 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: art, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(icons, name));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await plain(180, 'apple-touch-icon.png');
await plain(32, 'favicon-32.png');
await maskable(512, 'maskable-512.png');
console.log(`icons written to ${icons}`);
