// Generates the hand-drawn demo SVG images used by catalogue.json.
// Plain ESM, no dependencies, deterministic output:  node make-images.mjs
// Every subject is drawn in a 600x420 local frame and then placed on a
// product (800x600), news (1200x675) or banner (1600x500) canvas.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), 'images');

// ---------------------------------------------------------------- helpers
function hash(str) {
  let h = 2166136261;
  for (let i = 0; i < str.length; i++) h = Math.imul(h ^ str.charCodeAt(i), 16777619);
  return h >>> 0;
}
function rngFor(seed) {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const n = (v) => String(Math.round(v * 10) / 10);
const between = (r, a, b) => a + (b - a) * r();
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const FONT = 'font-family="sans-serif"';

// A pile of small items (nuts, dates, figs): rows that narrow towards the
// top, drawn back (top) to front (bottom) so the front rows overlap.
function mound(r, count, cx, baseY, w, h, draw) {
  const rows = Math.max(3, Math.round(Math.sqrt(count)));
  const weights = [];
  for (let j = 0; j < rows; j++) weights.push(1 - Math.pow(j / rows, 1.4));
  const total = weights.reduce((a, b) => a + b, 0);
  const out = [];
  let left = count;
  for (let j = rows - 1; j >= 0; j--) {
    const k = j === 0 ? left : Math.max(1, Math.round((count * weights[j]) / total));
    left -= k;
    const half = (w / 2) * weights[j], y = baseY - (j * h) / rows;
    for (let i = 0; i < k; i++) {
      const x = cx - half + ((i + 0.5) * 2 * half) / k + between(r, -8, 8);
      out.push(draw(x, y + between(r, -8, 8), between(r, -50, 50)));
    }
  }
  return out.join('');
}

// ---------------------------------------------------------------- subjects
const S = {
  saffron(r) {
    let s = '';
    for (let i = 0; i < 5; i++) {
      const x = 300 + (i - 2) * 22;
      s += `<path d="M300 410Q${n(x + between(r, -60, 60))} 280 ${n(x * 1.2 - 60)} ${n(between(r, 150, 210))}" stroke="#5f8f3a" stroke-width="5" fill="none"/>`;
    }
    s += '<rect x="292" y="260" width="16" height="150" rx="6" fill="#6b9b3f"/>';
    s += '<g transform="translate(300 200)">';
    for (let i = 0; i < 6; i++) s += `<ellipse cx="0" cy="-70" rx="42" ry="78" transform="rotate(${i * 60 + 30})" fill="url(#pt)" stroke="#6a3d9a" stroke-width="2"/>`;
    for (let i = 0; i < 3; i++) s += `<path d="M0 0Q${(i - 1) * 30} -40 ${(i - 1) * 55} -95" stroke="#d62828" stroke-width="7" fill="none" stroke-linecap="round"/>`;
    for (let i = 0; i < 3; i++) s += `<ellipse cx="${(i - 1) * 18}" cy="-30" rx="6" ry="22" fill="#f6c431" transform="rotate(${(i - 1) * 25})"/>`;
    s += '<circle r="12" fill="#f9e27d"/></g>';
    return { defs: '<radialGradient id="pt"><stop offset="0" stop-color="#e9d5ff"/><stop offset="1" stop-color="#8e5cc4"/></radialGradient>', body: s };
  },
  threads(r) {
    let s = '<ellipse cx="300" cy="330" rx="230" ry="60" fill="#000" opacity=".12"/>';
    s += '<ellipse cx="300" cy="300" rx="220" ry="70" fill="#fff" stroke="#c9b8a0" stroke-width="4"/>';
    s += '<ellipse cx="300" cy="292" rx="180" ry="48" fill="#f7efe4"/><g fill="none" stroke-linecap="round">';
    for (let i = 0; i < 38; i++) {
      const x = between(r, 150, 430), y = between(r, 255, 305), dx = between(r, -60, 60), dy = between(r, -25, 10);
      s += `<path d="M${n(x)} ${n(y)}q${n(dx / 2)} ${n(dy - 14)} ${n(dx)} ${n(dy)}" stroke="${r() > 0.15 ? '#c1121f' : '#f4a261'}" stroke-width="${n(between(r, 3, 5))}"/>`;
    }
    return { body: s + '</g>' };
  },
  pistachio(r, o = {}) {
    const shell = o.shell || '#ecdcb2', kern = o.kernel || '#8cbc45';
    let s = '<ellipse cx="300" cy="392" rx="250" ry="26" fill="#000" opacity=".12"/>';
    s += o.kernels ? `<g stroke="#5f8a2c" stroke-width="2" fill="${kern}">` : `<g stroke="#b0925a" stroke-width="2" fill="${shell}">`;
    s += mound(r, o.count || 24, 300, 380, 470, 190, (x, y, a) => o.kernels
      ? `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(a)})"><ellipse rx="24" ry="15"/><path d="M-14 3q14-9 28 0" fill="none" stroke="#a96b8a" stroke-width="4"/></g>`
      : `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(a)})"><ellipse rx="30" ry="20"/><path d="M-20-3q20-13 40 0q-20 8-40 0z" fill="${kern}" stroke="#6d4b6b"/></g>`);
    return { body: s + '</g>' };
  },
  dates(r, o = {}) {
    const c = o.color || '#4a2313';
    let s = '<ellipse cx="300" cy="392" rx="250" ry="26" fill="#000" opacity=".12"/>';
    s += mound(r, 20, 300, 380, 460, 170, (x, y, a) =>
      `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(a)})"><ellipse rx="40" ry="19" fill="${c}" stroke="#2a130a" stroke-width="2"/><ellipse cx="-10" cy="-7" rx="16" ry="4" fill="#fff" opacity=".3"/></g>`);
    return { body: s };
  },
  figs(r) {
    let s = '<ellipse cx="300" cy="392" rx="240" ry="26" fill="#000" opacity=".12"/>';
    s += mound(r, 11, 300, 370, 420, 200, (x, y, a) =>
      `<path transform="translate(${n(x)} ${n(y)}) rotate(${n(a / 2)})" d="M0-45C28-45 48 10 0 42C-48 10-28-45 0-45z" fill="#8a5a3c" stroke="#5b3522" stroke-width="3"/>`);
    s += '<g transform="translate(470 330)"><ellipse rx="62" ry="48" fill="#f3d9b1" stroke="#8a5a3c" stroke-width="6"/><ellipse rx="42" ry="30" fill="#d9666f"/>';
    for (let i = 0; i < 14; i++) s += `<circle cx="${n(between(r, -30, 30))}" cy="${n(between(r, -18, 18))}" r="2.5" fill="#f7e3b5"/>`;
    return { body: s + '</g>' };
  },
  raisins(r) {
    let s = '<ellipse cx="300" cy="392" rx="250" ry="26" fill="#000" opacity=".12"/>';
    s += mound(r, 60, 300, 380, 440, 150, (x, y, a) =>
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="13" ry="9" transform="rotate(${n(a)} ${n(x)} ${n(y)})" fill="#d9a036" stroke="#9b6a1c" stroke-width="1.5"/>`);
    return { body: s };
  },
  chips(r) {
    let s = '';
    const spots = [[150, 150], [300, 120], [450, 160], [200, 290], [360, 280], [500, 320], [110, 340]];
    spots.forEach(([x, y], i) => {
      const k = i % 3, rad = between(r, 55, 72);
      s += `<g transform="translate(${x} ${y}) rotate(${n(between(r, 0, 90))})">`;
      if (k === 0) { // orange
        s += `<circle r="${n(rad)}" fill="#f6a623" stroke="#e07b00" stroke-width="6"/>`;
        for (let j = 0; j < 8; j++) s += `<path d="M0 0L${n(Math.cos(j * 0.785) * (rad - 8))} ${n(Math.sin(j * 0.785) * (rad - 8))}" stroke="#fde3a7" stroke-width="3"/>`;
      } else if (k === 1) { // kiwi
        s += `<circle r="${n(rad)}" fill="#8dc63f" stroke="#7a5a2c" stroke-width="5"/><circle r="${n(rad * 0.3)}" fill="#eef6d8"/>`;
        for (let j = 0; j < 12; j++) s += `<circle cx="${n(Math.cos(j * 0.52) * rad * 0.45)}" cy="${n(Math.sin(j * 0.52) * rad * 0.45)}" r="3" fill="#222"/>`;
      } else { // apple
        s += `<circle r="${n(rad)}" fill="#fbeccb" stroke="#c0392b" stroke-width="5"/><path d="M-10-8q10-14 20 0q-10 22-20 0z" fill="#a0522d"/>`;
      }
      s += '</g>';
    });
    return { body: s };
  },
  tea(r, o = {}) {
    const liquid = o.liquid || '#b5341b', pot = o.pot || '#f4f1ea';
    let s = '<ellipse cx="300" cy="395" rx="260" ry="22" fill="#000" opacity=".12"/>';
    s += `<path d="M330 300q60-10 75-95" stroke="#8b5e34" stroke-width="30" fill="none" stroke-linecap="round"/><path d="M330 300q60-10 75-95" stroke="${pot}" stroke-width="22" fill="none" stroke-linecap="round"/>`;
    s += `<path d="M120 220q-70 10-50 80q15 40 60 30" stroke="#8b5e34" stroke-width="14" fill="none"/>`;
    s += `<ellipse cx="230" cy="280" rx="125" ry="105" fill="${pot}" stroke="#8b5e34" stroke-width="4"/>`;
    s += '<path d="M130 250h200" stroke="#2a6f97" stroke-width="10"/><path d="M145 300h170" stroke="#2a6f97" stroke-width="4" stroke-dasharray="12 8"/>';
    s += `<ellipse cx="230" cy="180" rx="70" ry="18" fill="${pot}" stroke="#8b5e34" stroke-width="4"/><circle cx="230" cy="158" r="13" fill="#8b5e34"/>`;
    s += '<ellipse cx="470" cy="378" rx="85" ry="16" fill="#fff" stroke="#c8b9a6" stroke-width="3"/>';
    s += `<path d="M430 250h80l-8 36q-6 20 2 40l-6 46h-56l-6-46q8-20 2-40z" fill="#fff" fill-opacity=".5" stroke="#9aa5ad" stroke-width="3"/><path d="M436 275h68l-4 12q-6 20 2 40l-5 40h-54l-5-40q8-20 2-40z" fill="${liquid}" opacity=".85"/>`;
    for (let i = 0; i < 3; i++) s += `<path d="M${450 + i * 20} 235q-12-20 0-40q12-20 0-40" stroke="#fff" stroke-width="5" fill="none" opacity=".8"/>`;
    for (let i = 0; i < 5; i++) s += `<path transform="translate(${n(between(r, 60, 560))} ${n(between(r, 385, 410))}) rotate(${n(between(r, 0, 180))})" d="M-18 0q18-14 36 0q-18 14-36 0z" fill="${o.leaf || '#3f6b2a'}"/>`;
    return { body: s };
  },
  jar(r, o = {}) {
    const c = o.fill || '#c1121f';
    let s = '<ellipse cx="300" cy="400" rx="170" ry="18" fill="#000" opacity=".12"/>';
    s += '<rect x="190" y="80" width="220" height="40" rx="8" fill="#b8860b"/><rect x="190" y="96" width="220" height="6" fill="#8a6408"/>';
    s += '<rect x="170" y="120" width="260" height="280" rx="36" fill="#eaf4f7" fill-opacity=".6" stroke="#9fb7c0" stroke-width="5"/>';
    s += `<rect x="182" y="170" width="236" height="218" rx="28" fill="${c}"/>`;
    for (let i = 0; i < 14; i++) s += `<circle cx="${n(between(r, 200, 400))}" cy="${n(between(r, 180, 380))}" r="${n(between(r, 4, 9))}" fill="#fff" opacity=".18"/>`;
    s += '<rect x="200" y="225" width="200" height="90" rx="10" fill="#fffaf0" stroke="#b8860b" stroke-width="3"/>';
    s += `<text x="300" y="280" ${FONT} font-size="28" font-weight="700" fill="#5b3a12" text-anchor="middle">${esc(o.tag || 'PREMIUM')}</text>`;
    s += '<rect x="195" y="135" width="16" height="240" rx="8" fill="#fff" opacity=".45"/>';
    return { body: s };
  },
  sack(r, o = {}) {
    const c = o.fill || '#8cbc45';
    let s = '<ellipse cx="300" cy="400" rx="200" ry="20" fill="#000" opacity=".14"/>';
    s += '<path d="M150 140q-40 120-20 240q170 40 340 0q20-120-20-240q-150-30-300 0z" fill="#c8a46a" stroke="#8d6c3a" stroke-width="4"/>';
    s += `<ellipse cx="300" cy="140" rx="150" ry="28" fill="${c}" stroke="#8d6c3a" stroke-width="4"/>`;
    for (let i = 0; i < 12; i++) s += `<circle cx="${n(between(r, 180, 420))}" cy="${n(between(r, 125, 150))}" r="${n(between(r, 6, 11))}" fill="${c}" stroke="#000" stroke-opacity=".2"/>`;
    s += '<path d="M160 200q140 20 280 0M150 300q150 22 300 0" stroke="#a8844c" stroke-width="3" fill="none"/>';
    s += '<rect x="215" y="215" width="170" height="80" rx="6" fill="#fdf6e3" stroke="#8d6c3a" stroke-width="3"/>';
    s += `<text x="300" y="265" ${FONT} font-size="26" font-weight="700" fill="#6b4b1f" text-anchor="middle">${esc(o.tag || 'EXPORT')}</text>`;
    return { body: s };
  },
  giftbox(r, o = {}) {
    const c = o.fill || '#7b2d26', rib = o.ribbon || '#e9c46a';
    let s = '<ellipse cx="300" cy="400" rx="220" ry="20" fill="#000" opacity=".14"/>';
    s += `<rect x="120" y="200" width="360" height="195" rx="8" fill="${c}"/><rect x="105" y="160" width="390" height="55" rx="8" fill="${c}" stroke="#000" stroke-opacity=".2" stroke-width="3"/>`;
    s += `<rect x="280" y="160" width="40" height="235" fill="${rib}"/><rect x="120" y="280" width="360" height="30" fill="${rib}" opacity=".9"/>`;
    s += `<ellipse cx="255" cy="138" rx="52" ry="24" transform="rotate(-20 255 138)" fill="none" stroke="${rib}" stroke-width="14"/><ellipse cx="345" cy="138" rx="52" ry="24" transform="rotate(20 345 138)" fill="none" stroke="${rib}" stroke-width="14"/><circle cx="300" cy="155" r="16" fill="${rib}"/>`;
    for (let i = 0; i < 6; i++) s += `<circle cx="${n(between(r, 140, 460))}" cy="${n(between(r, 225, 380))}" r="4" fill="#fff" opacity=".3"/>`;
    return { body: s };
  },
  carpet(r, o = {}) {
    const [b1, b2, f, m, a] = o.colors || ['#7b1e1e', '#f1e3c6', '#a52a2a', '#1d3557', '#e9c46a'];
    let s = '<g stroke="#e8dcc2" stroke-width="3">';
    for (let y = 70; y <= 350; y += 8) s += `<path d="M70 ${y}h-16M530 ${y}h16"/>`;
    s += '</g>';
    s += `<rect x="70" y="60" width="460" height="300" fill="${b1}"/><rect x="92" y="82" width="416" height="256" fill="${b2}"/><rect x="106" y="96" width="388" height="228" fill="${f}"/>`;
    s += `<g fill="${m}">`;
    for (let x = 100; x <= 500; x += 28) s += `<path d="M${x} 64l8 8-8 8-8-8zM${x} 340l8 8-8 8-8-8z"/>`;
    for (let y = 92; y <= 330; y += 28) s += `<path d="M74 ${y}l8 8-8 8-8-8zM526 ${y}l8 8-8 8-8-8z"/>`;
    s += '</g>';
    s += `<path d="M300 120L400 210 300 300 200 210z" fill="${m}" stroke="${a}" stroke-width="5"/><path d="M300 150L366 210 300 270 234 210z" fill="${b2}"/><circle cx="300" cy="210" r="28" fill="${a}"/><circle cx="300" cy="210" r="12" fill="${f}"/>`;
    for (const [x, y, sx, sy] of [[106, 96, 1, 1], [494, 96, -1, 1], [106, 324, 1, -1], [494, 324, -1, -1]])
      s += `<path d="M${x} ${y}h${60 * sx}q${-10 * sx} ${40 * sy} ${-60 * sx} ${50 * sy}z" fill="${m}" stroke="${a}" stroke-width="3"/>`;
    for (let i = 0; i < 10; i++) {
      const x = between(r, 130, 470), y = between(r, 115, 305);
      if (Math.abs(x - 300) / 100 + Math.abs(y - 210) / 90 < 1.15) continue;
      s += `<circle cx="${n(x)}" cy="${n(y)}" r="6" fill="${a}"/><circle cx="${n(x)}" cy="${n(y)}" r="12" fill="none" stroke="${b2}" stroke-width="2"/>`;
    }
    return { body: s };
  },
  gabbeh(r) {
    let s = '<g stroke="#efe4cf" stroke-width="3">';
    for (let y = 70; y <= 350; y += 9) s += `<path d="M80 ${y}h-18M520 ${y}h18"/>`;
    s += '</g><rect x="80" y="60" width="440" height="300" fill="#b23a48"/>';
    s += '<g fill="none" stroke="#8f2d3a" stroke-width="2">';
    for (let y = 70; y < 360; y += 12) s += `<path d="M80 ${y}q110 ${n(between(r, -4, 4))} 220 0t220 0"/>`;
    s += '</g><rect x="80" y="60" width="440" height="20" fill="#f2cc8f"/><rect x="80" y="340" width="440" height="20" fill="#f2cc8f"/>';
    s += '<g fill="#f2cc8f"><path d="M220 200h60v-30h20v30h20l-10 40h-90z"/><circle cx="330" cy="165" r="14"/><path d="M360 260l40-40 40 40-40 40z" fill="#3d405b"/><path d="M140 260l30-30 30 30-30 30z" fill="#81b29a"/><rect x="400" y="120" width="40" height="40" fill="#3d405b"/></g>';
    return { body: s };
  },
  plate(r, o = {}) {
    const [c1, c2, c3] = o.colors || ['#1f6f8b', '#2ec4b6', '#f4d35e'];
    let s = '<ellipse cx="310" cy="228" rx="200" ry="200" fill="#000" opacity=".12"/>';
    s += `<circle cx="300" cy="210" r="195" fill="#c08a4a"/><circle cx="300" cy="210" r="180" fill="${c1}"/><circle cx="300" cy="210" r="150" fill="none" stroke="${c3}" stroke-width="6"/>`;
    s += `<g transform="translate(300 210)">`;
    for (let i = 0; i < 16; i++) s += `<ellipse cx="0" cy="-165" rx="8" ry="12" fill="#fff" transform="rotate(${i * 22.5})"/>`;
    for (let i = 0; i < 12; i++) s += `<path d="M0-40C30-70 25-120 0-138C-25-120-30-70 0-40z" fill="${c2}" stroke="#fff" stroke-width="2" transform="rotate(${i * 30})"/>`;
    for (let i = 0; i < 12; i++) s += `<circle cx="0" cy="-100" r="7" fill="${c3}" transform="rotate(${i * 30 + 15})"/>`;
    s += `<circle r="40" fill="#fff"/><path d="M0-32L9-9 32 0 9 9 0 32-9 9-32 0-9-9z" fill="${c1}"/></g>`;
    return { body: s };
  },
  textile(r) {
    let s = '<path d="M80 70q110-15 220 0t220 0v290q-110 15-220 0t-220 0z" fill="#f7ecd9" stroke="#c9b08a" stroke-width="3"/>';
    s += '<path d="M100 95q100-12 200 0t200 0M100 335q100 12 200 0t200 0" stroke="#8b1e3f" stroke-width="10" fill="none"/>';
    s += '<g fill="#8b1e3f">';
    for (let y = 140; y <= 290; y += 75) for (let x = 140; x <= 460; x += 80) {
      const flip = ((x + y) / 5) % 2 ? 1 : -1;
      s += `<path transform="translate(${x} ${y}) scale(${flip} 1)" d="M0 22c-18 0-24-22-6-34c12-9 22-12 17-28c14 16 12 50-11 62z"/><circle cx="${x}" cy="${y + 2}" r="4" fill="#1b4965"/>`;
    }
    return { body: s + '</g>' };
  },
  factory(r) {
    let s = '<rect x="40" y="380" width="520" height="12" fill="#6c757d"/>';
    s += '<rect x="90" y="80" width="36" height="170" fill="#8d99ae"/><rect x="150" y="110" width="30" height="140" fill="#8d99ae"/>';
    for (let i = 0; i < 6; i++) s += `<circle cx="${n(108 + i * 22 + between(r, -6, 6))}" cy="${n(62 - i * 10)}" r="${14 + i * 3}" fill="#dee2e6" opacity="${n(0.9 - i * 0.12)}"/>`;
    s += '<path d="M70 380V220l90 50v-50l90 50v-50l90 50v-50l90 50v-50l90 50v160z" fill="#457b9d"/>';
    for (let i = 0; i < 5; i++) s += `<rect x="${90 + i * 90}" y="300" width="50" height="40" fill="#f1faee"/><path d="M${115 + i * 90} 300v40M${90 + i * 90} 320h50" stroke="#457b9d" stroke-width="3"/>`;
    s += '<g transform="translate(470 130)"><circle r="48" fill="#e9c46a"/><circle r="18" fill="#f4f1de"/>';
    for (let i = 0; i < 8; i++) s += `<rect x="-10" y="-64" width="20" height="22" fill="#e9c46a" transform="rotate(${i * 45})"/>`;
    return { body: s + '</g>' };
  },
  line(r, o = {}) {
    const item = o.item || '#ecdcb2';
    let s = '<ellipse cx="300" cy="392" rx="270" ry="18" fill="#000" opacity=".12"/>';
    s += '<path d="M60 60h120l-30 90h-60z" fill="#adb5bd" stroke="#495057" stroke-width="4"/><rect x="95" y="150" width="30" height="40" fill="#6c757d"/>';
    s += '<rect x="60" y="230" width="440" height="44" rx="22" fill="#343a40"/>';
    for (let x = 82; x <= 480; x += 44) s += `<circle cx="${x}" cy="252" r="14" fill="#adb5bd" stroke="#495057" stroke-width="3"/>`;
    s += '<path d="M90 274v110M470 274v110M280 274v110" stroke="#495057" stroke-width="12"/>';
    for (let i = 0; i < 14; i++) s += `<ellipse cx="${n(between(r, 90, 470))}" cy="${n(between(r, 212, 224))}" rx="14" ry="9" fill="${item}" stroke="#000" stroke-opacity=".25"/>`;
    s += '<rect x="430" y="90" width="120" height="110" rx="10" fill="#dee2e6" stroke="#495057" stroke-width="4"/><rect x="445" y="105" width="90" height="40" rx="4" fill="#2a9d8f"/>';
    s += '<circle cx="460" cy="170" r="9" fill="#e63946"/><circle cx="490" cy="170" r="9" fill="#f4a261"/><circle cx="520" cy="170" r="9" fill="#2a9d8f"/>';
    return { body: s };
  },
  packer(r) {
    let s = '<ellipse cx="300" cy="392" rx="250" ry="18" fill="#000" opacity=".12"/>';
    s += '<rect x="130" y="200" width="340" height="180" rx="12" fill="#ced4da" stroke="#495057" stroke-width="4"/>';
    s += '<path d="M130 200l20-100h300l20 100z" fill="#a8dadc" fill-opacity=".6" stroke="#495057" stroke-width="4"/>';
    s += '<rect x="200" y="140" width="200" height="50" rx="10" fill="#e9c46a" opacity=".85"/><path d="M210 165h180" stroke="#bc8a1f" stroke-width="3" stroke-dasharray="8 6"/>';
    s += '<rect x="160" y="240" width="120" height="60" rx="6" fill="#1d3557"/><text x="220" y="279" ' + FONT + ' font-size="22" fill="#8ecae6" text-anchor="middle">-0.99</text>';
    s += '<circle cx="330" cy="270" r="16" fill="#2a9d8f"/><circle cx="380" cy="270" r="16" fill="#e63946"/><rect x="310" y="320" width="130" height="14" rx="7" fill="#6c757d"/>';
    for (let i = 0; i < 3; i++) s += `<rect x="${495 + i * 8}" y="${300 - i * 34}" width="70" height="34" rx="10" fill="#e9c46a" stroke="#bc8a1f" stroke-width="2"/>`;
    return { body: s };
  },
  dryer(r) {
    let s = '<ellipse cx="300" cy="398" rx="220" ry="16" fill="#000" opacity=".12"/>';
    s += '<rect x="140" y="50" width="260" height="340" rx="10" fill="#adb5bd" stroke="#495057" stroke-width="4"/><rect x="160" y="70" width="220" height="300" fill="#343a40"/>';
    for (let y = 100; y <= 340; y += 60) {
      s += `<rect x="170" y="${y}" width="200" height="8" fill="#ced4da"/>`;
      for (let x = 185; x <= 355; x += 34) s += `<ellipse cx="${x}" cy="${y - 6}" rx="13" ry="6" fill="${r() > 0.5 ? '#f4a261' : '#e76f51'}"/>`;
    }
    s += '<path d="M400 60l110 30v290l-110 10z" fill="#ced4da" stroke="#495057" stroke-width="4"/><rect x="480" y="200" width="12" height="60" rx="6" fill="#495057"/>';
    s += '<rect x="60" y="120" width="30" height="200" rx="15" fill="#fff" stroke="#495057" stroke-width="3"/><rect x="69" y="200" width="12" height="110" fill="#e63946"/><circle cx="75" cy="318" r="20" fill="#e63946"/>';
    return { body: s };
  },
  truck(r, o = {}) {
    const c = o.fill || '#e76f51';
    let s = '<rect x="0" y="360" width="600" height="40" fill="#495057"/><path d="M20 380h60M140 380h60M260 380h60M380 380h60M500 380h60" stroke="#f8f9fa" stroke-width="5"/>';
    s += `<rect x="40" y="140" width="360" height="190" rx="6" fill="${c}"/>`;
    for (let x = 70; x < 400; x += 40) s += `<path d="M${x} 150v170" stroke="#000" stroke-opacity=".15" stroke-width="6"/>`;
    s += `<text x="220" y="250" ${FONT} font-size="32" font-weight="700" fill="#fff" text-anchor="middle">${esc(o.tag || 'CARGO')}</text>`;
    s += '<path d="M410 190h90l60 70v70H410z" fill="#264653"/><path d="M430 205h62l42 50h-104z" fill="#a8dadc"/>';
    for (const x of [110, 180, 480]) s += `<circle cx="${x}" cy="340" r="32" fill="#212529"/><circle cx="${x}" cy="340" r="13" fill="#adb5bd"/>`;
    return { body: s };
  },
  ship(r) {
    const cols = ['#e63946', '#457b9d', '#2a9d8f', '#e9c46a', '#f4a261', '#6d597a'];
    let s = '';
    for (let row = 0; row < 3; row++) for (let i = 0; i < 7; i++) {
      if (row === 2 && (i < 1 || i > 5)) continue;
      s += `<rect x="${120 + i * 46}" y="${230 - row * 34}" width="44" height="32" fill="${cols[Math.floor(r() * cols.length)]}" stroke="#1d3557" stroke-width="2"/>`;
    }
    s += '<rect x="460" y="130" width="60" height="130" fill="#f1faee" stroke="#1d3557" stroke-width="3"/><rect x="470" y="145" width="40" height="16" fill="#457b9d"/><rect x="480" y="100" width="14" height="30" fill="#e63946"/>';
    s += '<path d="M60 262h500l-50 90H110z" fill="#1d3557"/><path d="M75 290h470" stroke="#e63946" stroke-width="8"/>';
    s += '<path d="M0 360q25-14 50 0t50 0 50 0 50 0 50 0 50 0 50 0 50 0 50 0 50 0 50 0 50 0V420H0z" fill="#219ebc" opacity=".85"/>';
    s += '<path d="M0 385q25-12 50 0t50 0 50 0 50 0 50 0 50 0 50 0 50 0 50 0 50 0 50 0 50 0" stroke="#fff" stroke-width="3" fill="none" opacity=".6"/>';
    return { body: s };
  },
  document(r, o = {}) {
    let s = '<rect x="175" y="55" width="290" height="350" rx="8" fill="#000" opacity=".12"/>';
    s += '<rect x="160" y="40" width="290" height="350" rx="8" fill="#fff" stroke="#adb5bd" stroke-width="3"/><rect x="185" y="65" width="150" height="16" rx="4" fill="#1d3557"/>';
    for (let i = 0; i < 8; i++) s += `<rect x="185" y="${105 + i * 24}" width="${n(between(r, 150, 240))}" height="8" rx="4" fill="#ced4da"/>`;
    if (o.seal) {
      s += '<path d="M360 330l-18 70 28-14 20 24 4-74zM390 330l18 70-28-14-20 24-4-74z" fill="#c1121f"/><circle cx="375" cy="320" r="42" fill="#e9c46a" stroke="#b8860b" stroke-width="5"/><path d="M375 292l8 18 20 2-15 13 5 20-18-10-18 10 5-20-15-13 20-2z" fill="#fff"/>';
    } else {
      s += `<g transform="rotate(-18 360 320)"><circle cx="360" cy="320" r="58" fill="none" stroke="#c1121f" stroke-width="7"/><circle cx="360" cy="320" r="44" fill="none" stroke="#c1121f" stroke-width="2"/><text x="360" y="328" ${FONT} font-size="20" font-weight="700" fill="#c1121f" text-anchor="middle">${esc(o.tag || 'CLEARED')}</text></g>`;
      s += '<path d="M90 330l40-40 15 15 40-40" stroke="#2a9d8f" stroke-width="14" fill="none" stroke-linecap="round"/>';
    }
    return { body: s };
  },
  chart(r) {
    let s = '<rect x="60" y="40" width="400" height="300" rx="12" fill="#fff" stroke="#adb5bd" stroke-width="3"/><path d="M100 300h330M100 300V70" stroke="#495057" stroke-width="3"/>';
    const cols = ['#2a9d8f', '#e9c46a', '#f4a261', '#e76f51', '#264653'];
    let h = 60;
    for (let i = 0; i < 5; i++) {
      h += between(r, 10, 45);
      s += `<rect x="${120 + i * 60}" y="${n(300 - h)}" width="40" height="${n(h)}" fill="${cols[i]}"/>`;
    }
    s += '<path d="M120 250L200 215 270 225 340 160 420 110" stroke="#c1121f" stroke-width="5" fill="none"/><path d="M420 110l-24 2 14 18z" fill="#c1121f"/>';
    s += '<circle cx="470" cy="300" r="62" fill="#a8dadc" fill-opacity=".5" stroke="#1d3557" stroke-width="12"/><path d="M515 345l50 50" stroke="#1d3557" stroke-width="20" stroke-linecap="round"/>';
    return { body: s };
  },
  classroom(r, o = {}) {
    let s = '<rect x="110" y="30" width="380" height="190" rx="8" fill="#2b4c3f" stroke="#8d6c3a" stroke-width="10"/>';
    s += `<text x="300" y="95" ${FONT} font-size="34" font-weight="700" fill="#f1faee" text-anchor="middle">${esc(o.tag || 'EXPORT 101')}</text>`;
    s += '<path d="M150 180l60-40 50 20 70-50 60 25 50-30" stroke="#e9c46a" stroke-width="5" fill="none"/>';
    s += '<circle cx="520" cy="170" r="22" fill="#e0a96d"/><path d="M490 290v-70q30-20 60 0v70z" fill="#1d3557"/><path d="M495 225l-40-50" stroke="#1d3557" stroke-width="10" stroke-linecap="round"/>';
    const shirts = ['#e76f51', '#2a9d8f', '#6d597a', '#e9c46a', '#457b9d'];
    for (let row = 0; row < 2; row++) for (let i = 0; i < 4; i++) {
      const x = 110 + i * 105 + row * 25, y = 300 + row * 70;
      s += `<circle cx="${x}" cy="${y - 38}" r="17" fill="${r() > 0.5 ? '#e0a96d' : '#8d5524'}"/><path d="M${x - 26} ${y}q26-34 52 0z" fill="${shirts[Math.floor(r() * 5)]}"/><rect x="${x - 40}" y="${y}" width="80" height="14" rx="3" fill="#8d6c3a"/>`;
    }
    return { body: s };
  },
  book(r) {
    let s = '<ellipse cx="300" cy="385" rx="240" ry="20" fill="#000" opacity=".12"/>';
    s += '<path d="M300 200q-110-40-230 0v170q120-40 230 0z" fill="#fff" stroke="#1d3557" stroke-width="4"/><path d="M300 200q110-40 230 0v170q-120-40-230 0z" fill="#fdfcf7" stroke="#1d3557" stroke-width="4"/>';
    for (let i = 0; i < 6; i++) {
      s += `<path d="M95 ${230 + i * 22}q90-26 180 0" stroke="#adb5bd" stroke-width="4" fill="none"/>`;
      s += `<path d="M325 ${230 + i * 22}q${n(between(r, 60, 90))}-26 ${n(between(r, 120, 180))} 0" stroke="#adb5bd" stroke-width="4" fill="none"/>`;
    }
    s += '<path d="M300 40l150 55-150 55-150-55z" fill="#1d3557"/><path d="M220 120v40q80 35 160 0v-40l-80 30z" fill="#14213d"/><path d="M440 100v60" stroke="#e9c46a" stroke-width="5"/><circle cx="440" cy="166" r="9" fill="#e9c46a"/>';
    return { body: s };
  },
  laptop(r, o = {}) {
    let s = '<ellipse cx="300" cy="395" rx="270" ry="16" fill="#000" opacity=".12"/>';
    s += '<rect x="120" y="60" width="360" height="240" rx="14" fill="#343a40"/><rect x="138" y="78" width="324" height="200" fill="#e3f2fd"/>';
    s += '<path d="M60 310h480l-30 60H90z" fill="#adb5bd"/><rect x="250" y="320" width="100" height="10" rx="5" fill="#6c757d"/>';
    if (o.store) {
      for (let i = 0; i < 3; i++) s += `<rect x="${158 + i * 100}" y="110" width="84" height="120" rx="6" fill="#fff" stroke="#90caf9" stroke-width="2"/><rect x="${166 + i * 100}" y="118" width="68" height="60" fill="${['#f4a261', '#8cbc45', '#c1121f'][i]}"/><rect x="${166 + i * 100}" y="190" width="50" height="8" fill="#1d3557"/><rect x="${166 + i * 100}" y="206" width="36" height="12" rx="6" fill="#2a9d8f"/>`;
      s += '<rect x="138" y="78" width="324" height="20" fill="#1d3557"/>';
    } else {
      s += '<circle cx="300" cy="170" r="50" fill="#1d3557"/><path d="M285 145v50l40-25z" fill="#fff"/><rect x="160" y="245" width="280" height="8" rx="4" fill="#90caf9"/><rect x="160" y="245" width="120" height="8" rx="4" fill="#e63946"/>';
    }
    return { body: s };
  },
  globe(r) {
    let s = '<circle cx="300" cy="210" r="170" fill="#219ebc"/><g fill="#8cbc45">';
    for (let i = 0; i < 7; i++) {
      const a = between(r, 0, 6.28), d = between(r, 20, 120), x = 300 + Math.cos(a) * d, y = 210 + Math.sin(a) * d;
      s += `<path d="M${n(x)} ${n(y)}q${n(between(r, 20, 50))}-${n(between(r, 20, 50))} ${n(between(r, 40, 80))} 0q${n(between(r, -10, 20))} ${n(between(r, 30, 60))}-${n(between(r, 40, 70))} ${n(between(r, 20, 40))}z"/>`;
    }
    s += '</g><g fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="2"><ellipse cx="300" cy="210" rx="170" ry="60"/><ellipse cx="300" cy="210" rx="60" ry="170"/><ellipse cx="300" cy="210" rx="120" ry="170"/><path d="M130 210h340"/></g>';
    s += '<circle cx="300" cy="210" r="170" fill="none" stroke="#1d3557" stroke-width="4"/><path d="M90 300Q300 -40 520 130" stroke="#e63946" stroke-width="4" stroke-dasharray="12 10" fill="none"/>';
    s += '<path transform="translate(520 130) rotate(40)" d="M0-14l6 10h16l4 4-20 2-6 12h-6l2-12-14-2-4 6h-4l2-10-2-10h4l4 6 14-2-2-12h6z" fill="#1d3557"/>';
    return { body: s };
  },
};

// ---------------------------------------------------------------- canvases
const BG = {
  saffron: ['#fff4e0', '#f6c28b'], pistachio: ['#f1f8e6', '#c5dea0'], dates: ['#fbeee0', '#dcae7f'],
  tea: ['#fdf0ec', '#e8b4a6'], fruit: ['#fff8e8', '#f5d08c'], carpet: ['#f5efe6', '#d6bfa3'],
  craft: ['#e9f6f7', '#9fd3d8'], machine: ['#edf2f7', '#a9bed6'], service: ['#e6f3fb', '#8ec5e8'],
  training: ['#f1ecf8', '#b9a5dc'], gift: ['#fdeef0', '#e3a5ad'], dark: ['#1d3557', '#457b9d'],
  warm: ['#7f1d1d', '#e76f51'], green: ['#1b4332', '#52b788'], violet: ['#3c1f5c', '#7b5ea7'],
};

function decor(r, w, h, count) {
  let s = '';
  for (let i = 0; i < count; i++) s += `<circle cx="${n(between(r, 0, w))}" cy="${n(between(r, 0, h))}" r="${n(between(r, 20, h / 4))}" fill="#fff" opacity="${n(between(r, 0.08, 0.22))}"/>`;
  return s;
}

function svg(w, h, bg, defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient>${defs}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>${body}</svg>\n`;
}

function draw(subject, r, opts) {
  const out = S[subject](r, opts || {});
  return { defs: out.defs || '', body: out.body };
}

function product({ subject, bg, label, opts }, seed) {
  const r = rngFor(seed);
  const d = draw(subject, r, opts);
  const body = decor(r, 800, 600, 4) + `<g transform="translate(100 70)">${d.body}</g>` +
    `<rect x="0" y="520" width="800" height="80" fill="#000" opacity=".08"/><text x="400" y="572" ${FONT} font-size="34" font-weight="700" fill="#2b2d42" text-anchor="middle">${esc(label)}</text>`;
  return svg(800, 600, BG[bg], d.defs, body);
}

function news({ subject, bg, label, opts }, seed) {
  const r = rngFor(seed);
  const d = draw(subject, r, opts);
  const body = decor(r, 1200, 675, 6) + `<g transform="translate(285 40) scale(1.05)">${d.body}</g>` +
    `<rect x="0" y="555" width="1200" height="120" fill="#000" opacity=".55"/><text x="60" y="630" ${FONT} font-size="44" font-weight="700" fill="#fff">${esc(label)}</text>`;
  return svg(1200, 675, BG[bg], d.defs, body);
}

// Persian text reads right to left: in the Persian banners the text stands at the right edge and
// the pictures move to the left (the same seed, so the same decoration).
const FONT_FA = 'font-family="Vazirmatn, Tahoma, \'Noto Sans Arabic\', sans-serif"';
/** Width of a drawing at scale 1, to mirror its place across the banner (faX/faS: placed by hand). */
const ART_WIDTH = 380;

function banner({ title, subtitle, cta, bg, items }, seed, rtl = false) {
  const r = rngFor(seed);
  let defs = '', art = '';
  for (const it of items) {
    const d = draw(it.subject, r, it.opts);
    defs += d.defs;
    const x = rtl ? (it.faX ?? 1600 - it.x - ART_WIDTH * it.s) : it.x;
    const scale = rtl ? (it.faS ?? it.s) : it.s;
    art += `<g transform="translate(${Math.round(x)} ${it.y}) scale(${scale})">${d.body}</g>`;
  }
  const font = rtl ? FONT_FA : FONT;
  // With direction rtl, the start of a line is its right end: the text grows leftwards from x.
  const dir = rtl ? 'direction="rtl" text-anchor="start"' : '';
  const edge = (x) => (rtl ? 1600 - x : x);
  const body = decor(r, 1600, 500, 6) + art +
    `<text x="${edge(90)}" y="220" ${font} ${dir} font-size="64" font-weight="700" fill="#fff">${esc(title)}</text>` +
    `<text x="${edge(92)}" y="285" ${font} ${dir} font-size="30" fill="#fff" opacity=".9">${esc(subtitle)}</text>` +
    `<rect x="${rtl ? 1600 - 92 - 240 : 92}" y="330" width="240" height="60" rx="30" fill="#fff" opacity=".92"/>` +
    `<text x="${rtl ? 1600 - 92 - 120 : 212}" y="369" ${font} ${rtl ? 'direction="rtl" ' : ''}font-size="24" font-weight="700" fill="#1d3557" text-anchor="middle">${esc(cta)}</text>`;
  return svg(1600, 500, BG[bg], defs, body);
}

// ---------------------------------------------------------------- manifest
const P = (file, subject, bg, label, opts) => ({ file, subject, bg, label, opts });
const PRODUCTS = [
  P('product-saffron-sargol-1', 'saffron', 'saffron', 'Sargol Saffron'),
  P('product-saffron-sargol-2', 'threads', 'saffron', 'All-red stigmas'),
  P('product-saffron-sargol-3', 'jar', 'saffron', 'Sargol Saffron Jar', { tag: 'SARGOL' }),
  P('product-saffron-negin-1', 'threads', 'gift', 'Negin Saffron'),
  P('product-saffron-negin-2', 'giftbox', 'gift', 'Negin Gift Tin'),
  P('product-saffron-pushal-1', 'sack', 'saffron', 'Pushal Saffron - Bulk', { fill: '#c1121f', tag: 'PUSHAL' }),
  P('product-saffron-pushal-2', 'threads', 'fruit', 'Pushal Threads'),
  P('product-pistachio-akbari-1', 'pistachio', 'pistachio', 'Akbari Pistachios'),
  P('product-pistachio-akbari-2', 'sack', 'pistachio', 'Akbari 22-24', { tag: 'AKBARI' }),
  P('product-pistachio-akbari-3', 'pistachio', 'fruit', 'Jumbo Size', { count: 16 }),
  P('product-pistachio-fandoghi-1', 'pistachio', 'pistachio', 'Fandoghi Pistachios', { shell: '#f1e4c3', count: 28 }),
  P('product-pistachio-kernel-1', 'pistachio', 'pistachio', 'Green Pistachio Kernels', { kernels: true, kernel: '#7fb53a', count: 30 }),
  P('product-pistachio-kernel-2', 'jar', 'pistachio', 'Kernel Jar', { fill: '#7fb53a', tag: 'KERNELS' }),
  P('product-dates-mazafati-1', 'dates', 'dates', 'Mazafati Dates', { color: '#3b1d10' }),
  P('product-dates-mazafati-2', 'giftbox', 'dates', 'Mazafati 600 g Box', { fill: '#5e3023', ribbon: '#e9c46a' }),
  P('product-dates-piarom-1', 'dates', 'dates', 'Piarom Dates', { color: '#6b3a1e' }),
  P('product-dates-piarom-2', 'giftbox', 'gift', 'Piarom Gift Box', { fill: '#3d2b1f', ribbon: '#d4a373' }),
  P('product-dates-zahedi-1', 'dates', 'fruit', 'Zahedi Dates', { color: '#b7791f' }),
  P('product-dates-zahedi-2', 'sack', 'dates', 'Zahedi - Bulk', { fill: '#c58a2a', tag: 'ZAHEDI' }),
  P('product-tea-lahijan-1', 'tea', 'tea', 'Lahijan Black Tea'),
  P('product-tea-lahijan-2', 'jar', 'tea', 'Spring Harvest', { fill: '#3b2a20', tag: 'LAHIJAN' }),
  P('product-tea-green-1', 'tea', 'pistachio', 'Iranian Green Tea', { liquid: '#b5c43a', pot: '#fdfdf6', leaf: '#4f8a2e' }),
  P('product-figs-estahban-1', 'figs', 'fruit', 'Estahban Dried Figs'),
  P('product-fruit-chips-1', 'chips', 'fruit', 'Fruit Chips'),
  P('product-fruit-chips-2', 'jar', 'gift', 'Mixed Fruit Chips', { fill: '#f6a623', tag: 'MIX' }),
  P('product-carpet-kashan-1', 'carpet', 'carpet', 'Kashan Hand-woven Carpet'),
  P('product-carpet-kashan-2', 'carpet', 'craft', 'Medallion Detail', { colors: ['#1d3557', '#f1e3c6', '#8b1e1e', '#264653', '#e9c46a'] }),
  P('product-carpet-kashan-3', 'carpet', 'dates', '100% Wool Pile', { colors: ['#5b2333', '#f7e1d7', '#9e2a2b', '#335c67', '#e09f3e'] }),
  P('product-rug-qom-silk-1', 'carpet', 'craft', 'Qom Silk Rug', { colors: ['#0b3954', '#fef6e4', '#087e8b', '#bfd7ea', '#ff5a5f'] }),
  P('product-rug-qom-silk-2', 'carpet', 'carpet', 'Silk Sheen', { colors: ['#6a4c93', '#fff1e6', '#b5838d', '#1982c4', '#ffca3a'] }),
  P('product-gabbeh-1', 'gabbeh', 'carpet', 'Qashqai Gabbeh'),
  P('product-minakari-plate-1', 'plate', 'craft', 'Minakari Enamel Plate'),
  P('product-minakari-plate-2', 'plate', 'service', 'Hand-painted Copper', { colors: ['#0d3b66', '#3da5d9', '#f4d35e'] }),
  P('product-ghalamkar-1', 'textile', 'carpet', 'Ghalamkar Tablecloth'),
  P('product-pistachio-line-1', 'line', 'machine', 'Pistachio Processing Line'),
  P('product-pistachio-line-2', 'factory', 'machine', 'Turn-key Installation'),
  P('product-vacuum-packer-1', 'packer', 'machine', 'Vacuum Packaging Machine'),
  P('product-date-sorter-1', 'line', 'dates', 'Date Sorting Machine', { item: '#4a2313' }),
  P('product-food-dryer-1', 'dryer', 'machine', 'Industrial Food Dryer'),
  P('product-customs-clearance-1', 'document', 'service', 'Customs Clearance'),
  P('product-customs-clearance-2', 'truck', 'service', 'Door-to-customs Haulage', { fill: '#2a9d8f', tag: 'CUSTOMS' }),
  P('product-freight-1', 'ship', 'service', 'Sea Freight'),
  P('product-freight-2', 'truck', 'machine', 'Road Freight', { tag: 'FREIGHT' }),
  P('product-market-research-1', 'chart', 'service', 'Export Market Research'),
  P('product-export-course-1', 'classroom', 'training', 'Export Fundamentals Course'),
  P('product-export-course-2', 'book', 'training', 'Course Workbook'),
  P('product-incoterms-1', 'classroom', 'gift', 'Incoterms Workshop', { tag: 'INCOTERMS' }),
  P('product-customs-course-1', 'laptop', 'training', 'Online Customs Course'),
  P('product-gift-box-1', 'giftbox', 'gift', 'Persian Gift Box', { fill: '#264653', ribbon: '#e9c46a' }),
];

const NEWS = [
  P('news-1-1', 'globe', 'dark', 'Dubai food exhibition'),
  P('news-1-2', 'pistachio', 'pistachio', 'Pistachio tasting at our booth'),
  P('news-2-1', 'saffron', 'saffron', 'New saffron harvest'),
  P('news-3-1', 'ship', 'service', 'Weekly sea-freight service'),
  P('news-3-2', 'truck', 'machine', 'Road link to the port', { tag: 'BANDAR ABBAS' }),
  P('news-4-1', 'classroom', 'training', 'Export course - new term', { tag: 'NEW TERM' }),
  P('news-5-1', 'dates', 'dates', 'Dates for new markets', { color: '#3b1d10' }),
  P('news-6-1', 'document', 'gift', 'Food-safety certificate', { seal: true }),
  P('news-7-1', 'laptop', 'service', 'Our bilingual online store', { store: true }),
  P('news-8-1', 'factory', 'machine', 'Machinery partnership'),
  P('news-8-2', 'line', 'machine', 'Processing line delivery'),
];

// Each banner in English (banner-N-en) and in Persian (banner-N-fa, right to left).
const BANNERS = [
  { file: 'banner-1', bg: 'warm',
    en: { title: 'Premium Persian Exports', subtitle: 'Saffron, pistachios, dates and tea', cta: 'Enquire now' },
    fa: { title: 'صادرات ممتاز ایرانی', subtitle: 'زعفران، پسته، خرما و چای', cta: 'درخواست استعلام' },
    items: [{ subject: 'saffron', x: 1180, y: 40, s: 0.95 }, { subject: 'pistachio', x: 950, y: 130, s: 0.7, opts: { count: 18 } }] },
  { file: 'banner-2', bg: 'dark',
    en: { title: 'Logistics & Customs', subtitle: 'Sea and road freight, clearance at every port', cta: 'Enquire now' },
    fa: { title: 'حمل‌ونقل و ترخیص کالا', subtitle: 'حمل دریایی و جاده‌ای، ترخیص در همه بنادر', cta: 'درخواست استعلام' },
    items: [{ subject: 'ship', x: 820, y: 60, s: 1, faX: 330, faS: 0.9 }, { subject: 'truck', x: 1300, y: 230, s: 0.5, faX: 50, opts: { fill: '#e9c46a', tag: 'ARYA PARS' } }] },
  { file: 'banner-3', bg: 'violet',
    en: { title: 'Grow Your Trade', subtitle: 'Market research, consulting and training', cta: 'Enquire now' },
    fa: { title: 'تجارت خود را گسترش دهید', subtitle: 'پژوهش بازار، مشاوره و آموزش', cta: 'درخواست استعلام' },
    items: [{ subject: 'chart', x: 840, y: 70, s: 0.9, faX: 400, faS: 0.75 }, { subject: 'book', x: 1180, y: 100, s: 0.8, faX: 40, faS: 0.75 }] },
];

// The about-us team's portraits (catalogue.json about_us.team[].photo): a drawn head and shoulders,
// 240x240, each with its own background, skin, hair and clothes.
const TEAM = [
  { file: 'team-1', bg: ['#0c4a6e', '#0369a1'], skin: '#e0ac69', hair: '#2d1b10', cloth: '#1e293b', scarf: '#7c2d12' },
  { file: 'team-2', bg: ['#115e59', '#0f766e'], skin: '#c68642', hair: '#1c1917', cloth: '#334155', beard: true },
  { file: 'team-3', bg: ['#7c2d12', '#c2410c'], skin: '#f1c27d', hair: '#3f2a1d', cloth: '#0f172a', scarf: '#115e59' },
];
function portrait({ bg, skin, hair, cloth, scarf, beard }) {
  const head = `<ellipse cx="120" cy="104" rx="42" ry="50" fill="${skin}"/>`;
  const body = `<path d="M36 240 Q40 168 120 160 Q200 168 204 240Z" fill="${cloth}"/><rect x="104" y="140" width="32" height="28" fill="${skin}"/>`;
  const hairTop = scarf
    ? `<path d="M70 110 Q66 46 120 44 Q174 46 170 110 L176 190 Q150 176 120 176 Q90 176 64 190Z" fill="${scarf}"/>`
    : `<path d="M78 96 Q76 50 120 50 Q164 50 162 96 Q150 70 120 72 Q92 70 78 96Z" fill="${hair}"/>`;
  const face = `<circle cx="104" cy="104" r="4" fill="#1f2937"/><circle cx="136" cy="104" r="4" fill="#1f2937"/><path d="M106 128 Q120 138 134 128" stroke="#7f1d1d" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  const chin = beard ? `<path d="M80 112 Q84 160 120 162 Q156 160 160 112 Q150 142 120 144 Q90 142 80 112Z" fill="${hair}"/>` : '';
  return svg(240, 240, bg, '', `${body}${scarf ? hairTop + head : head + hairTop}${chin}${face}`);
}

// ---------------------------------------------------------------- write
mkdirSync(OUT, { recursive: true });
const written = [];
function put(file, text) {
  writeFileSync(join(OUT, file + '.svg'), text);
  written.push([file, Buffer.byteLength(text)]);
}
for (const p of PRODUCTS) put(p.file, product(p, p.file));
for (const p of NEWS) put(p.file, news(p, p.file));
for (const b of BANNERS) {
  put(`${b.file}-en`, banner({ ...b, ...b.en }, b.file));
  put(`${b.file}-fa`, banner({ ...b, ...b.fa }, b.file, true));
}
for (const t of TEAM) put(t.file, portrait(t));

const max = written.reduce((m, w) => (w[1] > m[1] ? w : m));
console.log(`wrote ${written.length} SVG files to ${OUT} (largest: ${max[0]}.svg, ${max[1]} bytes)`);
