// Score-over-time chart: one SVG line per player, plus a visually hidden table with the
// same numbers, because a drawing alone says nothing to a screen reader.
import { h } from "../dom.js";
import { t } from "../i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const HEIGHT = 180;
const PAD = { left: 38, right: 10, top: 10, bottom: 34 };

let chartCount = 0;

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** Round score-axis ticks (0, 25, 50, ...): at most five steps from the lowest to the highest. */
function axisTicks(low, high) {
  const step = [10, 20, 25, 50, 100, 150, 200, 250, 500, 1000].find((s) => (high - low) / s <= 4) || 2000;
  const ticks = [];
  for (let v = Math.floor(low / step) * step; ticks.length === 0 || ticks[ticks.length - 1] < high; v += step) ticks.push(v);
  if (ticks.length === 1) ticks.push(ticks[0] + step);
  return ticks;
}

/**
 * points: [{label, scores: [n per seat]}], the first being the start (all 0).
 * names: the seats' names. Returns a <figure> with the SVG, a legend and the hidden table.
 */
export function scoreChart(points, names) {
  const id = `score-chart-${++chartCount}`;
  const seats = names.map((_, seat) => seat);
  const all = points.flatMap((p) => p.scores);
  const yTicks = axisTicks(Math.min(0, ...all), Math.max(0, ...all));
  const low = yTicks[0];
  const span = yTicks[yTicks.length - 1] - low;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i) => PAD.left + (points.length > 1 ? (i * plotW) / (points.length - 1) : 0);
  const y = (score) => PAD.top + plotH - ((score - low) * plotH) / span;
  const last = points[points.length - 1];
  const finals = seats.map((seat) => `${names[seat]} ${last.scores[seat]}`).join(", ");

  const xTicks = [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])];
  const chart = svg("svg", {
    class: "score-chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img",
    "aria-labelledby": `${id}-title ${id}-desc`, "data-points": points.length,
  },
  svg("title", { id: `${id}-title` }, t("chart.title")),
  svg("desc", { id: `${id}-desc` }, t("chart.desc", { scores: finals })),
  // Grid lines and the score axis labels.
  yTicks.map((v) => [
    svg("line", { class: "chart-grid", x1: PAD.left, x2: WIDTH - PAD.right, y1: y(v), y2: y(v) }),
    svg("text", { class: "chart-tick", x: PAD.left - 4, y: y(v) + 3, "text-anchor": "end" }, String(v)),
  ]),
  xTicks.map((i) => svg("text", { class: "chart-tick", x: x(i), y: HEIGHT - PAD.bottom + 13, "text-anchor": "middle" },
    points[i].label)),
  svg("text", { class: "chart-axis-label", x: PAD.left + plotW / 2, y: HEIGHT - 4, "text-anchor": "middle" }, t("chart.turn")),
  svg("text", { class: "chart-axis-label", x: 10, y: PAD.top + plotH / 2, "text-anchor": "middle",
    transform: `rotate(-90 10 ${PAD.top + plotH / 2})` }, t("chart.score")),
  seats.map((seat) => svg("polyline", {
    class: `chart-line seat-${seat}`, "data-seat": seat, fill: "none",
    points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.scores[seat]).toFixed(1)}`).join(" "),
  })),
  );

  const legend = h("ul", { class: "chart-legend", "aria-hidden": "true" }, seats.map((seat) =>
    h("li", {}, h("span", { class: `chart-swatch seat-${seat}` }), `${names[seat]}: ${last.scores[seat]}`)));

  // Wrapped: a table ignores the 1px width that hides it, and would widen the page.
  const table = h("div", { class: "visually-hidden" }, h("table", {},
    h("caption", {}, t("chart.title")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("chart.turn")),
      seats.map((seat) => h("th", { scope: "col" }, names[seat])))),
    h("tbody", {}, points.map((p) => h("tr", {}, h("th", { scope: "row" }, p.label),
      seats.map((seat) => h("td", {}, String(p.scores[seat]))))))));

  return h("figure", { class: "score-chart-figure" }, chart, legend, table);
}
