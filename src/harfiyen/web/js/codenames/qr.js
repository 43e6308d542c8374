// A QR code for a room's join link, made here (ISO/IEC 18004: byte mode, error correction
// level M, versions 1-10, the mask with the lowest penalty). No outside library and no
// network: the page draws the matrix as one SVG path.

// Error correction level M, per version 1..10: EC codewords per block, number of blocks.
const EC_PER_BLOCK = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26];
const BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5];
// Centres of the alignment patterns, per version (version 1 has none).
const ALIGN = [[], [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42],
  [6, 26, 46], [6, 28, 50]];
const MAX_VERSION = 10;

// All codewords (data and error correction) of versions 1..10.
const TOTAL = [0, 26, 44, 70, 100, 134, 172, 196, 242, 292, 346];

function totalCodewords(version) {
  return TOTAL[version];
}

function dataCodewords(version) {
  return totalCodewords(version) - EC_PER_BLOCK[version] * BLOCKS[version];
}

// --- Reed-Solomon over GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1 ---------------
const EXP = new Array(512);
const LOG = new Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i += 1) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i += 1) EXP[i] = EXP[i - 255];
}

const mul = (a, b) => (a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]]);

/** The generator polynomial of `degree` (coefficients, highest power first, leading 1 dropped). */
function generator(degree) {
  let poly = [1];
  for (let i = 0; i < degree; i += 1) {
    const next = new Array(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j += 1) {
      next[j] ^= poly[j];
      next[j + 1] ^= mul(poly[j], EXP[i]);
    }
    poly = next;
  }
  return poly.slice(1);
}

function remainder(data, degree) {
  const gen = generator(degree);
  const out = new Array(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ out.shift();
    out.push(0);
    for (let i = 0; i < degree; i += 1) out[i] ^= mul(gen[i], factor);
  }
  return out;
}

// --- the codewords ------------------------------------------------------------------------
function codewords(bytes, version) {
  const bits = [];
  const put = (value, length) => { for (let i = length - 1; i >= 0; i -= 1) bits.push((value >>> i) & 1); };
  put(0b0100, 4); // byte mode
  put(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) put(byte, 8);
  const capacity = dataCodewords(version) * 8;
  put(0, Math.min(4, capacity - bits.length)); // terminator
  while (bits.length % 8) bits.push(0);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(parseInt(bits.slice(i, i + 8).join(""), 2));
  for (let pad = 0xec; data.length < dataCodewords(version); pad ^= 0xec ^ 0x11) data.push(pad);

  // Split into blocks (the short ones first), add each block's EC words, interleave.
  const blocks = BLOCKS[version];
  const ec = EC_PER_BLOCK[version];
  const shortBlocks = blocks - (totalCodewords(version) % blocks);
  const shortData = Math.floor(totalCodewords(version) / blocks) - ec;
  const dataBlocks = [];
  const ecBlocks = [];
  let at = 0;
  for (let b = 0; b < blocks; b += 1) {
    const length = shortData + (b < shortBlocks ? 0 : 1);
    const block = data.slice(at, at + length);
    at += length;
    dataBlocks.push(block);
    ecBlocks.push(remainder(block, ec));
  }
  const out = [];
  for (let i = 0; i <= shortData; i += 1) {
    for (const block of dataBlocks) if (i < block.length) out.push(block[i]);
  }
  for (let i = 0; i < ec; i += 1) for (const block of ecBlocks) out.push(block[i]);
  return out;
}

// --- the matrix ---------------------------------------------------------------------------
function bch(value, poly, degree) {
  let rest = value << degree;
  const top = Math.floor(Math.log2(poly));
  for (let bit = Math.floor(Math.log2(rest)); bit >= top; bit -= 1) {
    if ((rest >>> bit) & 1) rest ^= poly << (bit - top);
  }
  return (value << degree) | rest;
}

class Matrix {
  constructor(version) {
    this.version = version;
    this.size = 17 + 4 * version;
    this.dark = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
    this.fixed = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
  }

  set(row, col, dark) {
    this.dark[row][col] = dark;
    this.fixed[row][col] = true;
  }

  functionPatterns() {
    const n = this.size;
    for (const [r, c] of [[0, 0], [0, n - 7], [n - 7, 0]]) {
      for (let dr = -1; dr <= 7; dr += 1) {
        for (let dc = -1; dc <= 7; dc += 1) {
          const row = r + dr;
          const col = c + dc;
          if (row < 0 || col < 0 || row >= n || col >= n) continue;
          const ring = Math.max(Math.abs(dr - 3), Math.abs(dc - 3));
          this.set(row, col, ring !== 2 && ring !== 4);
        }
      }
    }
    for (let i = 8; i < n - 8; i += 1) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    const centres = ALIGN[this.version];
    const last = centres.length - 1;
    centres.forEach((r, i) => centres.forEach((c, j) => {
      // The three places of the finders have no alignment pattern.
      if ((i === 0 && (j === 0 || j === last)) || (i === last && j === 0)) return;
      for (let dr = -2; dr <= 2; dr += 1) {
        for (let dc = -2; dc <= 2; dc += 1) this.set(r + dr, c + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
      }
    }));
    this.format(0); // reserve the format areas (filled in for the chosen mask)
    if (this.version >= 7) {
      const bits = bch(this.version, 0x1f25, 12);
      for (let i = 0; i < 18; i += 1) {
        const dark = ((bits >>> i) & 1) === 1;
        const a = Math.floor(i / 3);
        const b = n - 11 + (i % 3);
        this.set(a, b, dark);
        this.set(b, a, dark);
      }
    }
  }

  /** The format information: level M (bits 00) and the mask, with its BCH code, masked. */
  format(mask) {
    const n = this.size;
    const bits = bch(mask, 0x537, 10) ^ 0x5412;
    const bit = (i) => ((bits >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i += 1) this.set(i, 8, bit(i));
    this.set(7, 8, bit(6));
    this.set(8, 8, bit(7));
    this.set(8, 7, bit(8));
    for (let i = 9; i < 15; i += 1) this.set(8, 14 - i, bit(i));
    for (let i = 0; i < 8; i += 1) this.set(8, n - 1 - i, bit(i));
    for (let i = 8; i < 15; i += 1) this.set(n - 15 + i, 8, bit(i));
    this.set(n - 8, 8, true); // the dark module
  }

  place(words) {
    const n = this.size;
    let index = 0;
    const total = words.length * 8;
    for (let right = n - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5; // the vertical timing line
      const upward = ((right + 1) & 2) === 0;
      for (let step = 0; step < n; step += 1) {
        const row = upward ? n - 1 - step : step;
        for (const col of [right, right - 1]) {
          if (this.fixed[row][col]) continue;
          if (index < total) this.dark[row][col] = ((words[index >>> 3] >>> (7 - (index & 7))) & 1) === 1;
          index += 1;
        }
      }
    }
  }

  applyMask(mask) {
    const rule = [
      (r, c) => (r + c) % 2 === 0,
      (r) => r % 2 === 0,
      (r, c) => c % 3 === 0,
      (r, c) => (r + c) % 3 === 0,
      (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
      (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
      (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
      (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
    ][mask];
    for (let r = 0; r < this.size; r += 1) {
      for (let c = 0; c < this.size; c += 1) if (!this.fixed[r][c] && rule(r, c)) this.dark[r][c] = !this.dark[r][c];
    }
  }

  /** The standard's penalty: runs, 2×2 blocks, finder-like patterns, dark/light balance. */
  penalty() {
    const n = this.size;
    const m = this.dark;
    let score = 0;
    const lines = [];
    for (let i = 0; i < n; i += 1) {
      lines.push(m[i]);
      lines.push(m.map((row) => row[i]));
    }
    for (const line of lines) {
      let run = 1;
      for (let i = 1; i <= n; i += 1) {
        if (i < n && line[i] === line[i - 1]) run += 1;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      const text = line.map((dark) => (dark ? "1" : "0")).join("");
      for (const pattern of ["10111010000", "00001011101"]) {
        for (let at = text.indexOf(pattern); at !== -1; at = text.indexOf(pattern, at + 1)) score += 40;
      }
    }
    for (let r = 0; r < n - 1; r += 1) {
      for (let c = 0; c < n - 1; c += 1) {
        const v = m[r][c];
        if (m[r][c + 1] === v && m[r + 1][c] === v && m[r + 1][c + 1] === v) score += 3;
      }
    }
    const dark = m.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
    score += Math.floor(Math.abs(dark * 20 - n * n * 10) / (n * n)) * 10;
    return score;
  }
}

/**
 * The QR matrix (rows of booleans, true = dark) for `text`, or null when it does not fit
 * version 10. `mask` forces a mask (tests compare with a reference encoder).
 */
export function qrMatrix(text, { mask = null } = {}) {
  const bytes = Array.from(new TextEncoder().encode(text));
  let version = 1;
  while (version <= MAX_VERSION && 4 + (version < 10 ? 8 : 16) + 8 * bytes.length > dataCodewords(version) * 8) version += 1;
  if (version > MAX_VERSION) return null;
  const words = codewords(bytes, version);
  const build = (chosen) => {
    const matrix = new Matrix(version);
    matrix.functionPatterns();
    matrix.place(words);
    matrix.applyMask(chosen);
    matrix.format(chosen);
    return matrix;
  };
  let best = null;
  for (const chosen of mask === null ? [0, 1, 2, 3, 4, 5, 6, 7] : [mask]) {
    const matrix = build(chosen);
    const score = matrix.penalty();
    if (!best || score < best.score) best = { matrix, score };
  }
  return best.matrix.dark;
}

/** The QR code of `text` as an SVG element (4 modules of quiet zone), labelled `label`. */
export function qrSvg(text, label) {
  const matrix = qrMatrix(text);
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  if (!matrix) return svg;
  const size = matrix.length + 8;
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("class", "qr");
  svg.setAttribute("shape-rendering", "crispEdges");
  const background = document.createElementNS(NS, "rect");
  background.setAttribute("width", String(size));
  background.setAttribute("height", String(size));
  background.setAttribute("fill", "#ffffff");
  const parts = [];
  matrix.forEach((row, r) => row.forEach((dark, c) => { if (dark) parts.push(`M${c + 4} ${r + 4}h1v1h-1z`); }));
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", parts.join(""));
  path.setAttribute("fill", "#000000");
  svg.append(background, path);
  return svg;
}
