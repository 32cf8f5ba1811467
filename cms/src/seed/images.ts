import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { QuantityUnit } from '@shop/shared';
import {
  CATEGORIES,
  type CategoryKey,
  MARKET_WEEK,
  PRODUCTS,
  type PastaCut,
  type SeedCategory,
  type SeedProduct,
  type SeedRecipe,
} from './catalog-data';
import { createRng, type Rng, seedFrom } from './prng';

/**
 * Illustrative pictures drawn as SVG and rasterised by sharp at seed time: no downloads and no font files
 * beyond the system's generic 'serif' and 'sans-serif'.
 */

const SERIF = "Georgia, 'DejaVu Serif', serif";
const SANS = "'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif";
const CREAM = '#fbf3e2';

interface Palette {
  light: string;
  dark: string;
  ink: string;
  motif: string;
}

const PALETTES: Record<CategoryKey, Palette> = {
  oils: { light: '#b7c25e', dark: '#3c4a15', ink: CREAM, motif: '#f4f1c8' },
  balsamic: { light: '#9a4640', dark: '#2a0c10', ink: CREAM, motif: '#f3c9b0' },
  spreads: { light: '#ef6a4c', dark: '#8c1d14', ink: CREAM, motif: '#ffd9c4' },
  pasta: { light: '#f7e2a4', dark: '#d2a446', ink: '#4a2c0c', motif: '#fff4d0' },
  sauces: { light: '#6d9cc4', dark: '#1c3553', ink: CREAM, motif: '#e4f0fa' },
  gifts: { light: '#e6966c', dark: '#8e3a20', ink: CREAM, motif: '#ffe2cc' },
};

const esc = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const UNIT_TEXT: Record<QuantityUnit, string> = { Ml: 'ml', L: 'L', Oz: 'oz', g: 'g', Kg: 'kg', Lb: 'lb', Pcs: 'pcs' };
const quantityText = (p: SeedProduct) =>
  p.quantity_unit === 'Pcs' ? '' : `${p.quantity_amount} ${UNIT_TEXT[p.quantity_unit]}`;

/** Splits a title into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines = 2): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines - 1), lines.slice(maxLines - 1).join(' ')];
}

/** Mixes a hex colour with white (t > 0) or black (t < 0). */
function shade(hex: string, t: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) =>
    Math.round(t >= 0 ? c + (255 - c) * t : c * (1 + t)),
  );
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Font size for a word to fit a given width (rough average glyph width of 0.62 em for capitals). */
const fitFont = (text: string, width: number, max: number) =>
  Math.min(max, Math.floor(width / (Math.max(text.length, 1) * 0.8)));

// ---------------------------------------------------------------------------------------------------------
// Shared pieces

/** Shading for a cylinder seen from the front: dark edges, light centre-left. */
const CYLINDER_DEFS = `
  <linearGradient id="cyl" x1="0" x2="1" y1="0" y2="0">
    <stop offset="0" stop-color="#000" stop-opacity=".45"/>
    <stop offset=".28" stop-color="#000" stop-opacity="0"/>
    <stop offset=".62" stop-color="#000" stop-opacity=".05"/>
    <stop offset="1" stop-color="#000" stop-opacity=".5"/>
  </linearGradient>
  <linearGradient id="gold" x1="0" x2="1">
    <stop offset="0" stop-color="#8a6a28"/><stop offset=".35" stop-color="#e8c874"/><stop offset="1" stop-color="#7a5a20"/>
  </linearGradient>
  <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity=".5"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  <radialGradient id="rimShadow"><stop offset=".86" stop-color="#000" stop-opacity=".32"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;

function background(width: number, height: number, pal: Palette, rng: Rng, motifKind: CategoryKey): string {
  const motifs: string[] = [];
  const count = Math.round((width * height) / 26000);
  for (let i = 0; i < count; i += 1) {
    const x = rng.range(0, width);
    const y = rng.range(0, height);
    const r = rng.range(0, 360);
    const s = rng.range(0.7, 1.4);
    motifs.push(
      `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${r.toFixed(0)}) scale(${s.toFixed(2)})">${motif(motifKind)}</g>`,
    );
  }
  return `
  <defs>
    <radialGradient id="bg" cx="50%" cy="40%" r="80%">
      <stop offset="0" stop-color="${pal.light}"/><stop offset="1" stop-color="${pal.dark}"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <g fill="${pal.motif}" stroke="${pal.motif}" opacity=".13">${motifs.join('')}</g>`;
}

function motif(kind: CategoryKey): string {
  switch (kind) {
    case 'oils':
      // an olive sprig
      return '<path d="M-30 0 Q0 -4 30 0" fill="none" stroke-width="2"/><ellipse cx="-14" cy="-8" rx="12" ry="4" transform="rotate(-25 -14 -8)" stroke="none"/><ellipse cx="10" cy="7" rx="12" ry="4" transform="rotate(25 10 7)" stroke="none"/><ellipse cx="24" cy="-5" rx="6" ry="8" stroke="none"/>';
    case 'balsamic':
      // a bunch of grapes
      return '<circle cx="0" cy="0" r="6"/><circle cx="12" cy="0" r="6"/><circle cx="-12" cy="0" r="6"/><circle cx="6" cy="10" r="6"/><circle cx="-6" cy="10" r="6"/><circle cx="0" cy="20" r="6"/><path d="M0 -6 L4 -18" stroke-width="2"/>';
    case 'spreads':
      return '<circle r="10"/><path d="M-6 -10 L0 -15 L6 -10" fill="none" stroke-width="2.5"/>';
    case 'pasta':
      // an ear of wheat
      return '<path d="M0 24 L0 -26" stroke-width="2" fill="none"/><ellipse cx="-5" cy="-14" rx="4" ry="7" stroke="none"/><ellipse cx="5" cy="-14" rx="4" ry="7" stroke="none"/><ellipse cx="-5" cy="-2" rx="4" ry="7" stroke="none"/><ellipse cx="5" cy="-2" rx="4" ry="7" stroke="none"/><ellipse cx="0" cy="-24" rx="3.5" ry="6" stroke="none"/>';
    case 'sauces':
      // a basil leaf
      return '<path d="M-18 0 Q0 -14 18 0 Q0 14 -18 0 Z" stroke="none"/>';
    case 'gifts':
      // a little star
      return '<path d="M0 -12 L3.5 -4 L12 -4 L5 1.5 L7.5 10 L0 5 L-7.5 10 L-5 1.5 L-12 -4 L-3.5 -4 Z" stroke="none"/>';
  }
}

/** A cream label with a word, an optional sprig and the quantity. */
function labelPlate(
  x: number,
  y: number,
  w: number,
  h: number,
  word: string,
  qty: string,
  accent: string,
  rounded = 6,
): string {
  const wordSize = fitFont(word, w - 24, 30);
  return `
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rounded}" fill="#f8efda"/>
  <rect x="${x + 6}" y="${y + 6}" width="${w - 12}" height="${h - 12}" rx="${Math.max(rounded - 3, 2)}" fill="none" stroke="${accent}" stroke-width="1.6" opacity=".8"/>
  <g transform="translate(${x + w / 2} ${y + h * 0.3})" fill="#5b7a2a">
    <path d="M-22 0 Q0 -3 22 0" stroke="#5b7a2a" stroke-width="1.6" fill="none"/>
    <ellipse cx="-10" cy="-5" rx="8" ry="3" transform="rotate(-22 -10 -5)"/>
    <ellipse cx="8" cy="4" rx="8" ry="3" transform="rotate(22 8 4)"/>
    <ellipse cx="18" cy="-3" rx="3.5" ry="5" fill="#3d4a15"/>
  </g>
  <text x="${x + w / 2}" y="${y + h * 0.62}" font-family="${SANS}" font-weight="700" font-size="${wordSize}" fill="${accent}" text-anchor="middle" letter-spacing="1">${esc(word)}</text>
  ${qty ? `<text x="${x + w / 2}" y="${y + h * 0.86}" font-family="${SERIF}" font-style="italic" font-size="16" fill="#6b5a44" text-anchor="middle">${esc(qty)}</text>` : ''}`;
}

// ---------------------------------------------------------------------------------------------------------
// Containers, drawn around (0, 0) = bottom centre, about 440 px tall

function oilBottle(p: { color: string; label: string; qty: string }): string {
  const body =
    'M-90 -14 Q-90 0 -76 0 L76 0 Q90 0 90 -14 L90 -262 C90 -306 30 -312 30 -344 L30 -392 L-30 -392 L-30 -344 C-30 -312 -90 -306 -90 -262 Z';
  return `
  <path d="${body}" fill="${shade(p.color, -0.35)}"/>
  <path d="M-84 -14 L-84 -255 C-84 -280 -60 -292 -40 -300 L40 -300 C60 -292 84 -280 84 -255 L84 -14 Z" fill="${p.color}" opacity=".9"/>
  <path d="${body}" fill="url(#cyl)"/>
  <rect x="-66" y="-280" width="13" height="250" rx="6" fill="#fff" opacity=".28"/>
  <rect x="-33" y="-440" width="66" height="52" rx="7" fill="url(#gold)"/>
  <path d="M-33 -426 H33 M-33 -414 H33 M-33 -402 H33" stroke="#6a4e18" stroke-width="1.5" opacity=".5"/>
  <rect x="-34" y="-392" width="68" height="12" rx="3" fill="#5a1a12"/>
  ${labelPlate(-74, -222, 148, 150, p.label, p.qty, '#4a5a1a')}`;
}

function oilTin(p: { color: string; label: string; qty: string }): string {
  return `
  <rect x="-120" y="-380" width="240" height="380" rx="12" fill="${p.color}"/>
  <rect x="-120" y="-380" width="240" height="380" rx="12" fill="url(#cyl)"/>
  <rect x="-120" y="-380" width="240" height="22" rx="8" fill="url(#gold)"/>
  <rect x="-120" y="-22" width="240" height="22" rx="8" fill="url(#gold)"/>
  <rect x="52" y="-408" width="36" height="30" rx="5" fill="url(#gold)"/>
  <path d="M-70 -380 Q-70 -420 -20 -420 Q30 -420 30 -380" fill="none" stroke="#3a3a3a" stroke-width="6"/>
  <rect x="-92" y="-300" width="14" height="260" rx="7" fill="#fff" opacity=".18"/>
  ${labelPlate(-92, -300, 184, 210, p.label, p.qty, shade(p.color, -0.2), 10)}`;
}

function cruet(p: { color: string; label: string; qty: string }): string {
  return `
  <rect x="-20" y="-330" width="40" height="140" rx="8" fill="${shade(p.color, 0.08)}"/>
  <rect x="-20" y="-330" width="40" height="140" fill="url(#cyl)"/>
  <circle cx="0" cy="-118" r="118" fill="${p.color}"/>
  <circle cx="0" cy="-118" r="118" fill="url(#cyl)"/>
  <ellipse cx="-52" cy="-170" rx="22" ry="40" transform="rotate(30 -52 -170)" fill="#fff" opacity=".22"/>
  <rect x="-26" y="-372" width="52" height="48" rx="8" fill="url(#gold)"/>
  <path d="M-22 -238 L22 -238 L30 -222 L-30 -222 Z" fill="#b8963e"/>
  <path d="M-6 -222 L-20 -170 L-8 -176 L0 -164 L8 -176 L20 -170 L6 -222 Z" fill="#8a1f1a"/>
  <ellipse cx="0" cy="-110" rx="80" ry="56" fill="#f8efda"/>
  <ellipse cx="0" cy="-110" rx="72" ry="48" fill="none" stroke="#8a6a28" stroke-width="1.6"/>
  <text x="0" y="-108" font-family="${SANS}" font-weight="700" font-size="${fitFont(p.label, 118, 26)}" fill="#5a1a12" text-anchor="middle" letter-spacing="1">${esc(p.label)}</text>
  <text x="0" y="-82" font-family="${SERIF}" font-style="italic" font-size="15" fill="#6b5a44" text-anchor="middle">${esc(p.qty)}</text>
  <text x="0" y="-134" font-family="${SERIF}" font-size="12" fill="#8a6a28" text-anchor="middle" letter-spacing="2">ACETO</text>`;
}

function jar(p: { color: string; label: string; qty: string }, rng: Rng): string {
  const bits: string[] = [];
  for (let i = 0; i < 26; i += 1) {
    bits.push(
      `<circle cx="${rng.range(-100, 100).toFixed(0)}" cy="${rng.range(-240, -20).toFixed(0)}" r="${rng.range(3, 9).toFixed(1)}" fill="${shade(p.color, rng.range(-0.3, 0.25))}"/>`,
    );
  }
  return `
  <defs><clipPath id="jarclip"><rect x="-112" y="-262" width="224" height="262" rx="34"/></clipPath></defs>
  <rect x="-112" y="-262" width="224" height="262" rx="34" fill="${p.color}"/>
  <g clip-path="url(#jarclip)">${bits.join('')}</g>
  <rect x="-112" y="-262" width="224" height="262" rx="34" fill="url(#cyl)"/>
  <rect x="-94" y="-246" width="14" height="210" rx="7" fill="#fff" opacity=".3"/>
  <rect x="-100" y="-300" width="200" height="46" rx="8" fill="url(#gold)"/>
  <path d="M-118 -300 L118 -300 L132 -262 L100 -270 L70 -258 L40 -270 L10 -258 L-20 -270 L-50 -258 L-80 -270 L-110 -258 L-132 -262 Z" fill="#f8efda"/>
  <path d="M-118 -300 L118 -300 L132 -262 L-132 -262 Z" fill="url(#gingham)" opacity=".9"/>
  <path d="M-116 -286 Q0 -276 116 -286" stroke="#8a6a28" stroke-width="3" fill="none"/>
  ${labelPlate(-92, -196, 184, 128, p.label, p.qty, shade(p.color, -0.25))}`;
}

const GINGHAM_DEFS = `
  <pattern id="gingham" width="16" height="16" patternUnits="userSpaceOnUse">
    <rect width="16" height="16" fill="#fbf3e2"/><rect width="8" height="16" fill="#c8372d" opacity=".55"/><rect width="16" height="8" fill="#c8372d" opacity=".55"/>
  </pattern>`;

function pastaWindow(cut: PastaCut, color: string, rng: Rng): string {
  const dark = shade(color, -0.25);
  const out: string[] = [`<rect x="-90" y="-340" width="180" height="150" fill="${shade(color, -0.4)}"/>`];
  switch (cut) {
    case 'long':
      for (let x = -100; x < 100; x += 7) {
        const tilt = rng.range(-6, 6);
        out.push(
          `<line x1="${x}" y1="-345" x2="${x + tilt}" y2="-185" stroke="${dark}" stroke-width="7"/><line x1="${x}" y1="-345" x2="${x + tilt}" y2="-185" stroke="${color}" stroke-width="4.5"/>`,
        );
      }
      break;
    case 'tube':
      for (let y = -340; y < -180; y += 26) {
        for (let x = -100 + ((y / 26) % 2 ? 20 : 0); x < 110; x += 42) {
          const dx = x + rng.range(-4, 4);
          out.push(
            `<ellipse cx="${dx}" cy="${y}" rx="20" ry="13" fill="${color}" stroke="${dark}" stroke-width="2"/><ellipse cx="${dx}" cy="${y}" rx="11" ry="6" fill="${shade(color, -0.45)}"/>`,
          );
        }
      }
      break;
    case 'shell':
      for (let i = 0; i < 60; i += 1) {
        const x = rng.range(-92, 92);
        const y = rng.range(-340, -188);
        out.push(
          `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="12" fill="${color}" stroke="${dark}" stroke-width="1.5"/><circle cx="${(x + 2).toFixed(0)}" cy="${(y - 2).toFixed(0)}" r="6" fill="${dark}" opacity=".6"/>`,
        );
      }
      break;
    case 'spiral':
      for (let i = 0; i < 22; i += 1) {
        const x = rng.range(-90, 70);
        const y = rng.range(-335, -200);
        const r = rng.range(-40, 40);
        out.push(
          `<path transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${r.toFixed(0)})" d="M0 0 q5 -8 10 0 t10 0 t10 0 t10 0" fill="none" stroke="${dark}" stroke-width="10" stroke-linecap="round"/><path transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${r.toFixed(0)})" d="M0 0 q5 -8 10 0 t10 0 t10 0 t10 0" fill="none" stroke="${color}" stroke-width="6" stroke-linecap="round"/>`,
        );
      }
      break;
    case 'ribbon':
      for (let y = -350; y < -175; y += 16) {
        const a = rng.range(-10, 10);
        out.push(
          `<path d="M-100 ${y} C-50 ${y + a} 0 ${y - a} 50 ${y + a} S 110 ${y - a} 110 ${y}" fill="none" stroke="${dark}" stroke-width="14"/><path d="M-100 ${y} C-50 ${y + a} 0 ${y - a} 50 ${y + a} S 110 ${y - a} 110 ${y}" fill="none" stroke="${color}" stroke-width="10"/>`,
        );
      }
      break;
  }
  return out.join('');
}

function pastaBag(p: { color: string; label: string; qty: string; cut: PastaCut }, rng: Rng): string {
  let crimp = 'M-122 -398';
  for (let x = -122; x < 122; x += 12) crimp += ` L${x + 6} -414 L${x + 12} -398`;
  return `
  <defs><clipPath id="win"><rect x="-84" y="-334" width="168" height="138" rx="16"/></clipPath></defs>
  <path d="M-122 -398 L122 -398 L122 -10 Q122 0 112 0 L-112 0 Q-122 0 -122 -10 Z" fill="#d6b384"/>
  <path d="${crimp} Z" fill="#c9a06c"/>
  <rect x="-122" y="-398" width="244" height="20" fill="#b88a54" opacity=".6"/>
  <path d="M-122 -398 L122 -398 L122 -10 Q122 0 112 0 L-112 0 Q-122 0 -122 -10 Z" fill="url(#cyl)" opacity=".6"/>
  <g clip-path="url(#win)">${pastaWindow(p.cut, p.color, rng)}</g>
  <rect x="-84" y="-334" width="168" height="138" rx="16" fill="none" stroke="#8a6a3c" stroke-width="3"/>
  <rect x="-66" y="-326" width="12" height="120" rx="6" fill="#fff" opacity=".25"/>
  <rect x="-96" y="-176" width="64" height="8" fill="#3a7a3a"/><rect x="-32" y="-176" width="64" height="8" fill="#f8efda"/><rect x="32" y="-176" width="64" height="8" fill="#c8372d"/>
  ${labelPlate(-96, -166, 192, 136, p.label, p.qty, '#6a4a1c')}`;
}

function giftBox(p: { color: string; label: string }): string {
  return `
  <rect x="-150" y="-230" width="300" height="230" rx="6" fill="${p.color}"/>
  <rect x="-150" y="-230" width="300" height="230" rx="6" fill="url(#cyl)" opacity=".6"/>
  <rect x="-164" y="-284" width="328" height="60" rx="6" fill="${shade(p.color, 0.12)}"/>
  <rect x="-164" y="-232" width="328" height="8" fill="#000" opacity=".18"/>
  <rect x="-18" y="-284" width="36" height="284" fill="#e9c46a"/>
  <rect x="-18" y="-284" width="36" height="284" fill="url(#cyl)" opacity=".4"/>
  <rect x="-150" y="-132" width="300" height="30" fill="#e9c46a"/>
  <g transform="translate(0 -288)">
    <path d="M0 0 C-30 -70 -110 -60 -90 -12 C-80 10 -30 6 0 0 Z" fill="#e9c46a" stroke="#b8923a" stroke-width="3"/>
    <path d="M0 0 C30 -70 110 -60 90 -12 C80 10 30 6 0 0 Z" fill="#e9c46a" stroke="#b8923a" stroke-width="3"/>
    <path d="M-6 4 L-40 60 L-26 58 L-20 72 L0 10 Z M6 4 L40 60 L26 58 L20 72 L0 10 Z" fill="#d8b054"/>
    <circle r="16" fill="#d8b054" stroke="#b8923a" stroke-width="3"/>
  </g>
  <g transform="translate(104 -120) rotate(10)">
    <path d="M-60 -78 Q-20 -100 0 -112" stroke="#6b5a44" stroke-width="2" fill="none"/>
    <path d="M-80 -30 L-60 -78 L50 -78 L50 18 L-60 18 Z" fill="#f8efda" stroke="#8a6a28" stroke-width="2"/>
    <circle cx="-58" cy="-30" r="6" fill="${p.color}"/>
    <text x="-2" y="-22" font-family="${SANS}" font-weight="700" font-size="${fitFont(p.label, 96, 20)}" fill="${shade(p.color, -0.3)}" text-anchor="middle">${esc(p.label)}</text>
    <text x="-2" y="2" font-family="${SERIF}" font-style="italic" font-size="13" fill="#6b5a44" text-anchor="middle">con amore</text>
  </g>`;
}

function giftCard(p: { color: string; label: string }): string {
  return `
  <g transform="translate(0 -190) rotate(-8)">
    <rect x="-176" y="-112" width="352" height="224" rx="20" fill="#000" opacity=".25" transform="translate(8 10)"/>
    <rect x="-176" y="-112" width="352" height="224" rx="20" fill="${p.color}"/>
    <rect x="-176" y="-112" width="352" height="224" rx="20" fill="url(#cyl)" opacity=".35"/>
    <rect x="-176" y="-40" width="352" height="18" fill="#e9c46a"/>
    <rect x="118" y="-112" width="18" height="224" fill="#e9c46a"/>
    <text x="-150" y="-64" font-family="${SERIF}" font-size="26" fill="${CREAM}">Bottega di Famiglia</text>
    <text x="-150" y="70" font-family="${SERIF}" font-weight="700" font-size="88" fill="${CREAM}">$${esc(p.label)}</text>
    <text x="-150" y="98" font-family="${SANS}" font-size="16" fill="${CREAM}" letter-spacing="3">GIFT CARD</text>
    <g transform="translate(127 -31)">
      <path d="M0 0 C-22 -44 -70 -36 -58 -8 C-50 8 -20 4 0 0 Z M0 0 C22 -44 70 -36 58 -8 C50 8 20 4 0 0 Z" fill="#f3d27a" stroke="#b8923a" stroke-width="2"/>
      <circle r="11" fill="#d8b054"/>
    </g>
  </g>`;
}

function container(p: SeedProduct, rng: Rng): string {
  const spec = { color: p.color, label: p.label, qty: quantityText(p) };
  switch (p.shape) {
    case 'bottle':
      return oilBottle(spec);
    case 'tin':
      return oilTin(spec);
    case 'cruet':
      return cruet(spec);
    case 'jar':
      return jar(spec, rng);
    case 'pasta-bag':
      return pastaBag({ ...spec, cut: p.pasta ?? 'long' }, rng);
    case 'box':
      return giftBox(spec);
    case 'card':
      return giftCard(spec);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Product, category and recipe pictures

const categoryOf = (key: CategoryKey): SeedCategory => CATEGORIES.find((c) => c.key === key)!;

/** Each container fills the picture about equally. */
const SHAPE_SCALE: Record<SeedProduct['shape'], number> = {
  bottle: 1.1,
  tin: 1.1,
  cruet: 1.18,
  jar: 1.28,
  'pasta-bag': 1.12,
  box: 1.18,
  card: 1.2,
};

export function productSvg(p: SeedProduct): string {
  const rng = createRng(seedFrom(p.name));
  const key = p.categories[0];
  const pal = PALETTES[key];
  const lines = wrap(p.title, 16);
  const size = lines.length > 1 ? 52 : 60;
  const titleY = lines.length > 1 ? 92 : 112;
  const title = lines.map((l, i) => `<tspan x="400" y="${titleY + i * (size + 6)}">${esc(l)}</tspan>`).join('');
  const subY = titleY + (lines.length - 1) * (size + 6) + 42;
  const scale = SHAPE_SCALE[p.shape];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs>${CYLINDER_DEFS}${GINGHAM_DEFS}</defs>
  ${background(800, 800, pal, rng, key)}
  <text font-family="${SERIF}" font-size="${size}" font-weight="700" fill="${pal.ink}" text-anchor="middle">${title}</text>
  <text x="400" y="${subY}" font-family="${SANS}" font-size="18" fill="${pal.ink}" opacity=".78" text-anchor="middle" letter-spacing="4">${esc(categoryOf(key).name.toUpperCase())}</text>
  <ellipse cx="400" cy="744" rx="${(p.shape === 'box' ? 200 : 160) * scale}" ry="34" fill="url(#shadow)"/>
  <g transform="translate(400 742) scale(${scale})">${container(p, rng)}</g>
</svg>`;
}

export function categorySvg(c: SeedCategory): string {
  const rng = createRng(seedFrom(c.name));
  const pal = PALETTES[c.key];
  const members = PRODUCTS.filter((p) => p.categories[0] === c.key && p.published !== false);
  const picks = [members[1] ?? members[0], members[0], members[2] ?? members[0]];
  const spots = [
    { x: 380, s: 0.84 },
    { x: 820, s: 0.84 },
    { x: 600, s: 1 },
  ];
  const order = [0, 2, 1];
  const drawn = order
    .map((i) => {
      const p = picks[i];
      const s = spots[i].s * SHAPE_SCALE[p.shape] * 0.9;
      return `<ellipse cx="${spots[i].x}" cy="754" rx="${160 * s}" ry="30" fill="url(#shadow)"/>
      <g transform="translate(${spots[i].x} 752) scale(${s.toFixed(3)})">${container(p, rng)}</g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <defs>${CYLINDER_DEFS}${GINGHAM_DEFS}</defs>
  ${background(1200, 800, pal, rng, c.key)}
  <text x="600" y="118" font-family="${SERIF}" font-size="64" font-weight="700" fill="${pal.ink}" text-anchor="middle">${esc(c.name)}</text>
  <text x="600" y="168" font-family="${SANS}" font-size="20" fill="${pal.ink}" opacity=".78" text-anchor="middle" letter-spacing="6">BOTTEGA DI FAMIGLIA</text>
  ${drawn}
</svg>`;
}

function leaf(x: number, y: number, length: number, angle: number, color = '#3f7f2f'): string {
  const l = length;
  return `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${angle.toFixed(0)})"><path d="M0 0 Q${l / 2} ${-l / 2.6} ${l} 0 Q${l / 2} ${l / 2.6} 0 0 Z" fill="${color}"/><path d="M2 0 L${l - 4} 0" stroke="${shade(color, 0.35)}" stroke-width="1.6"/></g>`;
}

/** Random point inside a disc. */
function inDisc(rng: Rng, cx: number, cy: number, r: number): [number, number] {
  const a = rng.range(0, Math.PI * 2);
  const d = Math.sqrt(rng.next()) * r;
  return [cx + Math.cos(a) * d, cy + Math.sin(a) * d];
}

/** Drops of aged balsamic, each with a small highlight. */
function balsamicDrops(rng: Rng, cx: number, cy: number, r: number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const [x, y] = inDisc(rng, cx, cy, r);
    const size = rng.range(4, 9);
    out += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${size.toFixed(1)}" fill="#2a0c08"/><circle cx="${(x - size / 3).toFixed(0)}" cy="${(y - size / 3).toFixed(0)}" r="${(size / 4).toFixed(1)}" fill="#fff" opacity=".6"/>`;
  }
  return out;
}

function plate(cx: number, cy: number, r: number): string {
  return `<circle cx="${cx + 10}" cy="${cy + 16}" r="${r + 26}" fill="url(#rimShadow)"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="#fbf8f2"/>
  <circle cx="${cx}" cy="${cy}" r="${r - 8}" fill="none" stroke="#2f5d8a" stroke-width="5"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 0.72}" fill="#f3eee4" stroke="#e4dccd" stroke-width="3"/>`;
}

function bowl(cx: number, cy: number, r: number): string {
  return `<circle cx="${cx + 10}" cy="${cy + 16}" r="${r + 26}" fill="url(#rimShadow)"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="#2f5d8a"/>
  <circle cx="${cx}" cy="${cy}" r="${r - 16}" fill="#f6f1e6"/>
  <circle cx="${cx}" cy="${cy}" r="${r - 16}" fill="none" stroke="#e0a43a" stroke-width="4" stroke-dasharray="10 8"/>`;
}

function dish(kind: SeedRecipe['dish'], rng: Rng): string {
  const cx = 600;
  const cy = 380;
  const out: string[] = [];
  switch (kind) {
    case 'bruschetta': {
      out.push(`<rect x="196" y="162" width="824" height="474" rx="44" fill="#000" opacity=".18"/>`);
      out.push(`<rect x="190" y="150" width="820" height="470" rx="40" fill="#b27a46"/>`);
      for (let y = 170; y < 610; y += 18)
        out.push(
          `<path d="M200 ${y} Q600 ${y + rng.range(-8, 8)} 1000 ${y}" stroke="#8e5a2e" stroke-width="2" fill="none" opacity=".5"/>`,
        );
      out.push(`<circle cx="950" cy="385" r="16" fill="#7a4a22"/>`);
      const slices = [
        [360, 380, -12],
        [600, 370, 6],
        [830, 390, -4],
      ];
      for (const [x, y, a] of slices) {
        out.push(
          `<g transform="translate(${x} ${y}) rotate(${a})"><rect x="-112" y="-150" width="224" height="300" rx="70" fill="#9a5a24"/><rect x="-100" y="-138" width="200" height="276" rx="60" fill="#ecc987"/><rect x="-100" y="-138" width="200" height="276" rx="60" fill="url(#crumb)" opacity=".5"/></g>`,
        );
        for (let i = 0; i < 26; i += 1) {
          const [px, py] = inDisc(rng, x, y, 86);
          const s = rng.range(14, 22);
          out.push(
            `<rect x="${(px - s / 2).toFixed(0)}" y="${(py - s / 2).toFixed(0)}" width="${s.toFixed(0)}" height="${s.toFixed(0)}" rx="4" fill="${rng.pick(['#d3382c', '#e04a3a', '#b92a20'])}" transform="rotate(${rng.int(0, 90)} ${px.toFixed(0)} ${py.toFixed(0)})"/>`,
          );
        }
        out.push(leaf(x - 20, y - 30, 56, rng.range(0, 360)), leaf(x + 10, y + 20, 48, rng.range(0, 360), '#4a8f35'));
      }
      break;
    }
    case 'spaghetti': {
      out.push(plate(cx, cy, 300));
      for (let i = 0; i < 70; i += 1) {
        const [x, y] = inDisc(rng, cx, cy, 70);
        const rx = rng.range(60, 150);
        const ry = rng.range(40, 120);
        const a = rng.range(0, 180);
        out.push(
          `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${rx.toFixed(0)}" ry="${ry.toFixed(0)}" transform="rotate(${a.toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})" fill="none" stroke="#c99a3a" stroke-width="7"/>`,
        );
        out.push(
          `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${rx.toFixed(0)}" ry="${ry.toFixed(0)}" transform="rotate(${a.toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})" fill="none" stroke="#efd07a" stroke-width="4.5"/>`,
        );
      }
      for (let i = 0; i < 18; i += 1) {
        const [x, y] = inDisc(rng, cx, cy, 140);
        out.push(
          `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="9" ry="6" fill="#f7ecd0" stroke="#d9b870" stroke-width="1.5"/>`,
        );
      }
      for (let i = 0; i < 40; i += 1) {
        const [x, y] = inDisc(rng, cx, cy, 150);
        out.push(
          `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${rng.range(2.5, 4.5).toFixed(1)}" fill="${rng.chance(0.5) ? '#c8241a' : '#3f7f2f'}"/>`,
        );
      }
      break;
    }
    case 'caprese': {
      out.push(plate(cx, cy, 300));
      for (let i = 0; i < 12; i += 1) {
        const a = (i / 12) * Math.PI * 2;
        const x = cx + Math.cos(a) * 150;
        const y = cy + Math.sin(a) * 150;
        if (i % 2 === 0) {
          out.push(
            `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="64" fill="#d8402f" stroke="#b02a1e" stroke-width="3"/>`,
          );
          for (let k = 0; k < 5; k += 1) {
            const b = (k / 5) * Math.PI * 2;
            out.push(
              `<ellipse cx="${(x + Math.cos(b) * 34).toFixed(0)}" cy="${(y + Math.sin(b) * 34).toFixed(0)}" rx="14" ry="9" transform="rotate(${((b * 180) / Math.PI).toFixed(0)} ${(x + Math.cos(b) * 34).toFixed(0)} ${(y + Math.sin(b) * 34).toFixed(0)})" fill="#f08a6a"/>`,
            );
          }
        } else {
          out.push(
            `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="60" fill="#fffdf6" stroke="#e9e0cc" stroke-width="3"/>`,
          );
        }
      }
      for (let i = 0; i < 7; i += 1)
        out.push(
          leaf(
            cx + rng.range(-60, 40),
            cy + rng.range(-60, 40),
            rng.range(50, 70),
            rng.range(0, 360),
            rng.pick(['#3f7f2f', '#4a8f35']),
          ),
        );
      out.push(balsamicDrops(rng, cx, cy, 120, 18));
      break;
    }
    case 'pesto': {
      out.push(plate(cx, cy, 300));
      for (let i = 0; i < 140; i += 1) {
        const [x, y] = inDisc(rng, cx, cy, 165);
        const a = rng.range(0, 360);
        out.push(
          `<path transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${a.toFixed(0)})" d="M-16 0 q8 -9 16 0 t16 0" fill="none" stroke="${rng.pick(['#6f9a32', '#7aa83a', '#5f8a2a'])}" stroke-width="11" stroke-linecap="round"/>`,
        );
      }
      for (let i = 0; i < 12; i += 1) {
        const [x, y] = inDisc(rng, cx, cy, 160);
        out.push(
          `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="70" height="10" rx="5" fill="#3f7a26" transform="rotate(${rng.int(0, 180)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`,
        );
      }
      for (let i = 0; i < 16; i += 1) {
        const [x, y] = inDisc(rng, cx, cy, 160);
        out.push(
          `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="20" height="20" rx="4" fill="#f1dc96" stroke="#cfb15a" stroke-width="1.5"/>`,
        );
      }
      for (let i = 0; i < 22; i += 1) {
        const [x, y] = inDisc(rng, cx, cy, 150);
        out.push(
          `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="7" ry="4" fill="#f6e6b8" transform="rotate(${rng.int(0, 180)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`,
        );
      }
      out.push(leaf(cx - 20, cy - 20, 80, -30, '#2f7a25'), leaf(cx, cy - 10, 70, 40, '#3f8f30'));
      break;
    }
    case 'panzanella': {
      out.push(bowl(cx, cy, 300));
      const items: string[] = [];
      for (let i = 0; i < 90; i += 1) {
        const [x, y] = inDisc(rng, cx, cy, 220);
        const kind = rng.weighted(
          ['bread', 'tomato', 'cucumber', 'onion'] as const,
          (k) => ({ bread: 3, tomato: 3, cucumber: 2, onion: 1 })[k],
        );
        if (kind === 'bread') {
          items.push(
            `<rect x="${(x - 20).toFixed(0)}" y="${(y - 20).toFixed(0)}" width="40" height="40" rx="6" fill="#e2b46a" stroke="#a8702e" stroke-width="5" transform="rotate(${rng.int(0, 90)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`,
          );
        } else if (kind === 'tomato') {
          items.push(
            `<path transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${rng.int(0, 360)})" d="M-26 0 A26 26 0 0 1 26 0 Z" fill="#d8382a"/><path transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${rng.int(0, 360)})" d="M-16 -4 A16 12 0 0 1 16 -4 Z" fill="#f07a5a"/>`,
          );
        } else if (kind === 'cucumber') {
          items.push(
            `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="20" fill="#d9ebb0" stroke="#3f6a26" stroke-width="4"/><circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="7" fill="#c1dc8a"/>`,
          );
        } else {
          items.push(
            `<path transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${rng.int(0, 360)})" d="M-24 0 A24 24 0 0 1 24 0" fill="none" stroke="#8a3a7a" stroke-width="5"/>`,
          );
        }
      }
      out.push(...items);
      for (let i = 0; i < 8; i += 1)
        out.push(leaf(cx + rng.range(-180, 150), cy + rng.range(-180, 150), rng.range(50, 70), rng.range(0, 360)));
      break;
    }
    case 'strawberries': {
      out.push(bowl(cx, cy, 290));
      for (let i = 0; i < 26; i += 1) {
        const [x, y] = inDisc(rng, cx, cy, 190);
        const a = rng.range(0, 360);
        const seeds = [
          [-10, -8],
          [8, -10],
          [0, 6],
          [-12, 10],
          [12, 8],
          [0, 22],
        ]
          .map(([sx, sy]) => `<ellipse cx="${sx}" cy="${sy}" rx="2" ry="3" fill="#f6d66a"/>`)
          .join('');
        out.push(
          `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${a.toFixed(0)})"><path d="M0 38 C-40 20 -40 -28 -20 -30 C-10 -32 10 -32 20 -30 C40 -28 40 20 0 38 Z" fill="${rng.pick(['#d42a3a', '#c81f30', '#e03a44'])}" stroke="#9a1424" stroke-width="2"/>${seeds}<path d="M-22 -30 L-8 -38 L0 -48 L8 -38 L22 -30 L8 -30 L0 -24 L-8 -30 Z" fill="#3f8f30"/></g>`,
        );
      }
      out.push(balsamicDrops(rng, cx, cy, 200, 14));
      for (let i = 0; i < 5; i += 1)
        out.push(leaf(cx + rng.range(-120, 100), cy + rng.range(-120, 100), 46, rng.range(0, 360), '#5aa83a'));
      break;
    }
    case 'paccheri': {
      out.push(plate(cx, cy, 300));
      out.push(`<circle cx="${cx}" cy="${cy}" r="180" fill="#a83a1e" opacity=".9"/>`);
      for (let i = 0; i < 30; i += 1) {
        const [x, y] = inDisc(rng, cx, cy, 150);
        const a = rng.range(0, 180);
        out.push(
          `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${a.toFixed(0)})"><ellipse rx="40" ry="26" fill="#e8a45a" stroke="#b8551e" stroke-width="4"/><ellipse rx="24" ry="12" fill="#7a2410"/></g>`,
        );
      }
      for (let i = 0; i < 80; i += 1) {
        const [x, y] = inDisc(rng, cx, cy, 170);
        out.push(
          `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${rng.range(3, 6).toFixed(1)}" fill="${rng.pick(['#6a2a14', '#8a3a1c'])}"/>`,
        );
      }
      for (let i = 0; i < 26; i += 1) {
        const [x, y] = inDisc(rng, cx, cy, 150);
        out.push(
          `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="14" height="5" rx="2" fill="#fbf1cc" transform="rotate(${rng.int(0, 180)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`,
        );
      }
      out.push(leaf(cx + 10, cy - 30, 70, -40, '#2f7a25'), leaf(cx + 20, cy - 20, 60, 20, '#3f8f30'));
      break;
    }
  }
  return out.join('');
}

export function recipeSvg(r: SeedRecipe): string {
  const rng = createRng(seedFrom(r.name));
  const name = esc(r.name);
  const pillWidth = Math.min(760, Math.max(360, r.name.length * 19 + 80));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <defs>
    ${CYLINDER_DEFS}
    <pattern id="cloth" width="64" height="64" patternUnits="userSpaceOnUse">
      <rect width="64" height="64" fill="#f6eedf"/><rect width="32" height="64" fill="#c8473d" opacity=".32"/><rect width="64" height="32" fill="#c8473d" opacity=".32"/>
    </pattern>
    <radialGradient id="crumb" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#fff6dc"/><stop offset="1" stop-color="#c98a3a"/></radialGradient>
    <radialGradient id="vignette" cx="50%" cy="45%" r="75%"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></radialGradient>
  </defs>
  <rect width="1200" height="800" fill="url(#cloth)"/>
  ${dish(r.dish, rng)}
  <rect width="1200" height="800" fill="url(#vignette)"/>
  <rect x="${600 - pillWidth / 2}" y="700" width="${pillWidth}" height="64" rx="32" fill="#fbf3e2" opacity=".95"/>
  <text x="600" y="743" font-family="${SERIF}" font-size="32" font-weight="700" fill="#5a1a12" text-anchor="middle">${name}</text>
</svg>`;
}

// ---------------------------------------------------------------------------------------------------------
// Static storefront pictures

function oliveTree(x: number, y: number, s: number, rng: Rng): string {
  const blobs: string[] = [];
  for (let i = 0; i < 16; i += 1) {
    const bx = rng.range(-70, 70);
    const by = rng.range(-150, -80);
    blobs.push(
      `<circle cx="${bx.toFixed(0)}" cy="${by.toFixed(0)}" r="${rng.range(26, 42).toFixed(0)}" fill="${rng.pick(['#7d8f52', '#8c9c5e', '#6f8248', '#9aa86c'])}"/>`,
    );
  }
  for (let i = 0; i < 5; i += 1) {
    blobs.push(
      `<circle cx="${rng.range(-60, 60).toFixed(0)}" cy="${rng.range(-150, -90).toFixed(0)}" r="3" fill="#4a3a44" opacity=".8"/>`,
    );
  }
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <ellipse cx="0" cy="4" rx="70" ry="12" fill="#000" opacity=".15"/>
    <path d="M-14 0 C-10 -40 -30 -60 -12 -96 L0 -80 L10 -100 C26 -60 8 -40 14 0 Z" fill="#6b4a2e"/>
    ${blobs.join('')}
  </g>`;
}

function aboutSvg(): string {
  const rng = createRng(seedFrom('about-us'));
  const trees: string[] = [];
  for (let row = 0; row < 3; row += 1) {
    const y = 470 + row * 85;
    const s = 0.55 + row * 0.25;
    for (let x = -40 + row * 50; x < 1260; x += 200 + row * 60)
      trees.push(oliveTree(x + rng.range(-20, 20), y, s, rng));
  }
  const cypresses = [676, 700, 905]
    .map(
      (x, i) =>
        `<rect x="${x - 2}" y="312" width="4" height="10" fill="#5a3a22"/><ellipse cx="${x}" cy="${262 - (i % 2) * 8}" rx="13" ry="${56 + (i % 2) * 8}" fill="#3f5a2e"/>`,
    )
    .join('');
  const people = [
    { x: 520, h: 1, c: '#7a2a1a' },
    { x: 580, h: 0.8, c: '#2f5d8a' },
    { x: 640, h: 0.95, c: '#e0a43a' },
  ]
    .map(
      (p) => `<g transform="translate(${p.x} 650) scale(${p.h})">
        <circle cx="0" cy="-118" r="16" fill="#6b4a2e"/>
        <path d="M-22 -98 Q0 -108 22 -98 L28 -30 L-28 -30 Z" fill="${p.c}"/>
        <rect x="-16" y="-32" width="12" height="32" fill="#3a2a22"/><rect x="4" y="-32" width="12" height="32" fill="#3a2a22"/>
      </g>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="700" viewBox="0 0 1200 700">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3c98a"/><stop offset=".6" stop-color="#fbe6bf"/><stop offset="1" stop-color="#fdf1d8"/></linearGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="#fff3c4"/><stop offset=".4" stop-color="#f7c65a"/><stop offset="1" stop-color="#f7c65a" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1200" height="700" fill="url(#sky)"/>
  <circle cx="930" cy="200" r="160" fill="url(#sun)"/>
  <path d="M0 330 C200 270 380 300 560 280 C760 258 950 300 1200 260 L1200 700 L0 700 Z" fill="#c3c68e"/>
  <path d="M0 380 C220 330 420 360 640 340 C860 320 1000 360 1200 330 L1200 700 L0 700 Z" fill="#a8b070"/>
  <g transform="translate(720 318)">
    <rect x="0" y="-70" width="150" height="70" fill="#e2ac7a"/>
    <path d="M-12 -70 L75 -112 L162 -70 Z" fill="#a84a2a"/>
    <rect x="20" y="-50" width="22" height="26" fill="#6b3a22"/><rect x="62" y="-50" width="22" height="26" fill="#6b3a22"/><rect x="104" y="-40" width="26" height="40" fill="#5a2a18"/>
  </g>
  ${cypresses}
  <path d="M0 450 C260 410 520 440 760 420 C960 404 1080 430 1200 420 L1200 700 L0 700 Z" fill="#8f9c57"/>
  <path d="M0 560 C300 530 600 560 900 545 C1020 540 1120 548 1200 545 L1200 700 L0 700 Z" fill="#7a8a48"/>
  ${trees.join('')}
  <path d="M470 660 L700 660 L730 690 L440 690 Z" fill="#2f6a3a" opacity=".55"/>
  ${people}
  <g transform="translate(700 640)"><path d="M-30 0 L30 0 L24 30 L-24 30 Z" fill="#a8702e"/><path d="M-30 0 Q0 -30 30 0" fill="none" stroke="#7a4a1e" stroke-width="5"/>
  <circle cx="-12" cy="-4" r="6" fill="#3a2a3a"/><circle cx="2" cy="-6" r="6" fill="#4a5a2a"/><circle cx="14" cy="-3" r="6" fill="#3a2a3a"/></g>
</svg>`;
}

function contactSvg(): string {
  const rng = createRng(seedFrom('contact-us'));
  let awning = '';
  for (let i = 0; i < 14; i += 1) {
    const x = 180 + i * 60;
    awning += `<rect x="${x}" y="150" width="60" height="90" fill="${i % 2 ? '#f8efda' : '#2f6a3a'}"/><path d="M${x} 240 A30 30 0 0 0 ${x + 60} 240 Z" fill="${i % 2 ? '#f8efda' : '#2f6a3a'}"/>`;
  }
  const shelf = (y: number) => {
    let s = `<rect x="250" y="${y}" width="700" height="8" fill="#7a4a22"/>`;
    let x = 280;
    while (x < 920) {
      const kind = rng.pick(['bottle', 'jar', 'cruet', 'bag'] as const);
      const color = rng.pick(['#7a8a1e', '#3a1410', '#b3261e', '#e6c36a', '#2f5d3a', '#c0281f']);
      if (kind === 'bottle') {
        s += `<rect x="${x}" y="${y - 70}" width="26" height="70" rx="5" fill="${color}"/><rect x="${x + 8}" y="${y - 92}" width="10" height="24" fill="${color}"/><rect x="${x + 7}" y="${y - 98}" width="12" height="8" fill="#c9a24a"/><rect x="${x + 3}" y="${y - 48}" width="20" height="22" fill="#f8efda"/>`;
        x += 40;
      } else if (kind === 'jar') {
        s += `<rect x="${x}" y="${y - 46}" width="40" height="46" rx="7" fill="${color}"/><rect x="${x + 2}" y="${y - 54}" width="36" height="10" rx="2" fill="#c9a24a"/><rect x="${x + 6}" y="${y - 34}" width="28" height="18" fill="#f8efda"/>`;
        x += 54;
      } else if (kind === 'cruet') {
        s += `<circle cx="${x + 20}" cy="${y - 20}" r="20" fill="#3a1410"/><rect x="${x + 15}" y="${y - 64}" width="10" height="30" fill="#3a1410"/><rect x="${x + 13}" y="${y - 70}" width="14" height="8" fill="#c9a24a"/>`;
        x += 50;
      } else {
        s += `<rect x="${x}" y="${y - 80}" width="44" height="80" rx="3" fill="#d6b384"/><rect x="${x + 8}" y="${y - 64}" width="28" height="24" rx="4" fill="#e6c36a"/>`;
        x += 58;
      }
    }
    return s;
  };
  const crate = (x: number, color: string) => {
    let fruit = '';
    for (let i = 0; i < 9; i += 1)
      fruit += `<circle cx="${x + 18 + (i % 5) * 26 + (i > 4 ? 13 : 0)}" cy="${i > 4 ? 574 : 588}" r="14" fill="${color}"/>`;
    return `${fruit}<rect x="${x}" y="590" width="150" height="70" fill="#b27a46"/><rect x="${x}" y="610" width="150" height="6" fill="#8e5a2e"/><rect x="${x}" y="636" width="150" height="6" fill="#8e5a2e"/>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="700" viewBox="0 0 1200 700">
  <rect width="1200" height="700" fill="#e9dcc5"/>
  ${Array.from({ length: 18 }, (_, r) => Array.from({ length: 14 }, (_, c) => `<rect x="${c * 90 - (r % 2) * 45}" y="${r * 40}" width="86" height="36" fill="#e2d2b6"/>`).join('')).join('')}
  <rect x="0" y="660" width="1200" height="40" fill="#9a9088"/>
  <rect x="160" y="40" width="880" height="100" rx="6" fill="#2f5d3a"/>
  <rect x="172" y="52" width="856" height="76" rx="4" fill="none" stroke="#e9c46a" stroke-width="2"/>
  <text x="600" y="106" font-family="${SERIF}" font-size="48" font-weight="700" fill="#f8efda" text-anchor="middle" letter-spacing="6">BOTTEGA DI FAMIGLIA</text>
  <rect x="200" y="240" width="800" height="420" fill="#5a3a22"/>
  <rect x="230" y="270" width="740" height="390" fill="#f6e9cf"/>
  ${shelf(370)}${shelf(480)}${shelf(590)}
  <rect x="230" y="270" width="740" height="390" fill="#fff" opacity=".12"/>
  ${awning}
  <rect x="170" y="142" width="860" height="10" fill="#5a3a22"/>
  ${crate(60, '#d8382a')}${crate(990, '#f2cf3a')}
  <g transform="translate(1090 560)"><path d="M-34 0 L34 0 L26 60 L-26 60 Z" fill="#c1663f"/>${[-20, -6, 8, 20].map((x, i) => leaf(x, -4, 38, -60 - i * 20, '#3f8f30')).join('')}</g>
</svg>`;
}

function weeklySvg(): string {
  const cardW = 176;
  const gap = 12;
  const left = (1400 - (7 * cardW + 6 * gap)) / 2;
  let scallops = '';
  for (let x = 0; x < 1400; x += 50)
    scallops += `<path d="M${x} 30 A25 25 0 0 0 ${x + 50} 30 Z" fill="${(x / 50) % 2 ? '#f8efda' : '#c8372d'}"/><rect x="${x}" y="0" width="50" height="30" fill="${(x / 50) % 2 ? '#f8efda' : '#c8372d'}"/>`;
  const cards = MARKET_WEEK.map((d, i) => {
    const x = left + i * (cardW + gap);
    const closed = d.hours === '—';
    const lines = wrap(d.place, 14);
    const market = /market|plaza|square|gardens/i.test(d.place);
    return `<g transform="translate(${x} 200)">
      <rect width="${cardW}" height="250" rx="18" fill="${closed ? '#f8efda' : '#fffaf0'}" opacity="${closed ? 0.7 : 0.97}"/>
      <rect width="${cardW}" height="58" rx="18" fill="${closed ? '#8a7a6a' : market ? '#2f6a3a' : '#b8862e'}"/>
      <rect y="40" width="${cardW}" height="18" fill="${closed ? '#8a7a6a' : market ? '#2f6a3a' : '#b8862e'}"/>
      <text x="${cardW / 2}" y="41" font-family="${SERIF}" font-size="30" font-weight="700" fill="#fbf3e2" text-anchor="middle">${esc(d.day)}</text>
      <text x="${cardW / 2}" y="118" font-family="${SANS}" font-size="${closed ? 26 : 34}" font-weight="700" fill="${closed ? '#8a7a6a' : '#5a1a12'}" text-anchor="middle">${esc(closed ? 'no market' : d.hours)}</text>
      ${lines.map((l, k) => `<text x="${cardW / 2}" y="${170 + k * 28}" font-family="${SANS}" font-size="21" fill="#4a3a2a" text-anchor="middle">${esc(l)}</text>`).join('')}
    </g>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="500" viewBox="0 0 1400 500">
  <defs>
    <linearGradient id="wb" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d9714a"/><stop offset="1" stop-color="#8e2f1c"/></linearGradient>
  </defs>
  <rect width="1400" height="500" fill="url(#wb)"/>
  <g fill="#ffe2cc" opacity=".1">${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 97) % 1400}" cy="${60 + ((i * 53) % 440)}" r="${6 + (i % 5) * 3}"/>`).join('')}</g>
  ${scallops}
  <text x="700" y="118" font-family="${SERIF}" font-size="54" font-weight="700" fill="#fbf3e2" text-anchor="middle">This week at the market</text>
  <text x="700" y="162" font-family="${SANS}" font-size="22" fill="#fbf3e2" opacity=".85" text-anchor="middle">Fresh pasta, new-harvest oils and tastings: come and say ciao!</text>
  ${cards}
  <text x="700" y="484" font-family="${SANS}" font-size="16" fill="#fbf3e2" opacity=".8" text-anchor="middle">Online orders ship every weekday with USPS Priority Mail</text>
</svg>`;
}

// ---------------------------------------------------------------------------------------------------------

/** Uncompressed PNG: the assets collection re-encodes it as WebP anyway, and it decodes fastest. */
export const renderPng = (svg: string): Promise<Buffer> =>
  sharp(Buffer.from(svg)).png({ compressionLevel: 0, adaptiveFiltering: false }).toBuffer();

/** Writes about-us.webp, contact-us.webp and weekly-schedule.webp into `dir`. */
export async function writeStaticImages(dir: string): Promise<string[]> {
  await fs.mkdir(dir, { recursive: true });
  const files: [string, string][] = [
    ['about-us.webp', aboutSvg()],
    ['contact-us.webp', contactSvg()],
    ['weekly-schedule.webp', weeklySvg()],
  ];
  await Promise.all(
    files.map(([name, svg]) => sharp(Buffer.from(svg)).webp({ quality: 82 }).toFile(path.join(dir, name))),
  );
  return files.map(([name]) => name);
}

/** Runs `task` over `items` with at most `limit` in flight, keeping the results in order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const i = nextIndex;
      nextIndex += 1;
      results[i] = await task(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
