/// The JavaScript core `animhost handoff` writes: what every pattern shares, and each pattern's functions.
// Column 0 here is column 0 of the emitted file.
extension TypeScriptInteraction {
    static let common = """

/** Where a fling decelerating by `rate` each millisecond comes to rest: v/1000 · rate/(1 − rate) further on. */
export function project(position, velocity, rate) {
  return position + velocity / 1000 * rate / (1 - rate);
}

/** How far content moves when the finger is `offset` past an edge of a view `dimension` long. */
export function rubberBand(offset, dimension, constant) {
  const magnitude = (1 - 1 / (Math.abs(offset) * constant / dimension + 1)) * dimension;
  return offset < 0 ? -magnitude : magnitude;
}

/** `raw` held between `low` and `high`, rubber-banded past them; `slope` is d(shown)/d(raw). */
export function banded(raw, low, high, dimension, constant) {
  let limit;
  if (raw < low) limit = low; else if (raw > high) limit = high; else return { shown: raw, slope: 1 };
  const past = raw - limit;
  const slope = constant * dimension * dimension / (dimension + constant * Math.abs(past)) ** 2;
  return { shown: limit + rubberBand(past, dimension, constant), slope };
}

/** `banded`'s inverse: where a finger that catches content in the band starts from. */
export function unbanded(shown, low, high, dimension, constant) {
  let limit;
  if (shown < low) limit = low; else if (shown > high) limit = high; else return shown;
  const s = Math.min(Math.abs(shown - limit), dimension * (1 - 1e-9));
  const past = dimension / constant * s / (dimension - s);
  return limit + (shown < limit ? -past : past);
}

/** The index of the candidate nearest `value` (numbers, or {x, y} points by distance; the first of ties). */
export function nearest(candidates, value) {
  const d = (c) => typeof c === "number" ? Math.abs(c - value) : (c.x - value.x) ** 2 + (c.y - value.y) ** 2;
  let best = 0;
  for (let i = 1; i < candidates.length; i++) if (d(candidates[i]) < d(candidates[best])) best = i;
  return best;
}

/** A damped spring of mass 1 from SwiftUI's response (s) and damping ratio: ω₀ = 2π/response. */
export function springFromResponse(response, dampingRatio) {
  const omega = 2 * Math.PI / response;
  return { stiffness: omega * omega, damping: 2 * dampingRatio * omega };
}

/** Where a spring of mass 1 is `t` s after starting at `from` towards `to` with `velocity` (units/s). */
export function springValue(spring, from, to, velocity, t) {
  const omega = Math.sqrt(spring.stiffness), zeta = spring.damping / (2 * omega);
  const x0 = from - to;
  if (zeta < 1) {
    const omegaD = omega * Math.sqrt(1 - zeta * zeta);
    const b = (velocity + zeta * omega * x0) / omegaD;
    return to + Math.exp(-zeta * omega * t) * (x0 * Math.cos(omegaD * t) + b * Math.sin(omegaD * t));
  }
  if (zeta === 1) return to + Math.exp(-omega * t) * (x0 + (velocity + omega * x0) * t);
  const s = omega * Math.sqrt(zeta * zeta - 1);
  const r1 = -zeta * omega + s, r2 = -zeta * omega - s;
  const c2 = (velocity - r1 * x0) / (r2 - r1), c1 = x0 - c2;
  return to + c1 * Math.exp(r1 * t) + c2 * Math.exp(r2 * t);
}

"""

    static let sheetSection = """

/** The sheet's top edge for a drag from `origin` by `translation`, and the band's slope there. */
export function sheetFollow(sheet, origin, translation) {
  const b = banded(origin + translation, Math.min(...sheet.detents), Math.max(...sheet.detents), sheet.height,
                   sheet.rubberBand);
  return { top: b.shown, slope: b.slope };
}

/** Where a drag starts from when the finger catches the sheet with its top edge at `top`. */
export function sheetDragOrigin(sheet, top) {
  return unbanded(top, Math.min(...sheet.detents), Math.max(...sheet.detents), sheet.height, sheet.rubberBand);
}

/** The detent (0-based) a release at `top` with vertical velocity `vy` goes to: the nearest to its projection. */
export function sheetDetent(sheet, top, vy) {
  return nearest(sheet.detents, project(top, vy, sheet.decelerationRate));
}

/** The release of a drag from `origin` by `translation` ({x, y}) with the finger's `velocity` ({x, y}). */
export function sheetRelease(sheet, origin, translation, velocity) {
  const { top, slope } = sheetFollow(sheet, origin, translation.y);
  const decision = sheetDetent(sheet, top, velocity.y);
  // Past an edge the sheet moves slower than the finger: the spring starts at the sheet's own speed.
  return { decision, position: [top], target: [sheet.detents[decision]], velocity: [velocity.y * slope] };
}

"""

    static let pipSection = """

/** The window's center at each corner: top left, top right, bottom left, bottom right. */
export function pipCorners(pip) {
  const [x, y, width, height] = pip.bounds, [w, h] = pip.size;
  const left = x + pip.margin + w / 2, right = x + width - pip.margin - w / 2;
  const top = y + pip.margin + h / 2, bottom = y + height - pip.margin - h / 2;
  return [{ x: left, y: top }, { x: right, y: top }, { x: left, y: bottom }, { x: right, y: bottom }];
}

/** The corner (0-based) a release at `center` with `velocity` goes to: the nearest to its projection. */
export function pipCorner(pip, center, velocity) {
  const rest = { x: project(center.x, velocity.x, pip.decelerationRate),
                 y: project(center.y, velocity.y, pip.decelerationRate) };
  return nearest(pipCorners(pip), rest);
}

/** The release of a drag of the window's center from `origin` by `translation` with `velocity`. */
export function pipRelease(pip, origin, translation, velocity) {
  const center = { x: origin.x + translation.x, y: origin.y + translation.y };
  const decision = pipCorner(pip, center, velocity);
  const corner = pipCorners(pip)[decision];
  return { decision, position: [center.x, center.y], target: [corner.x, corner.y],
           velocity: [velocity.x, velocity.y] };
}

"""

    static let cardSection = """

/** Where a thrown card's vertical motion is projected to: UIScrollView's normal deceleration. */
export const throwDecelerationRate = 0.998;

/** −1 (thrown left), 1 (thrown right) or 0 (back home) for a card `dx` from home released at `vx`. */
export function cardSide(card, dx, vx) {
  if (Math.abs(vx) > card.speed) return vx < 0 ? -1 : 1;
  if (Math.abs(dx) > card.distance * card.size[0]) return dx < 0 ? -1 : 1;
  return 0;
}

/** The release of a drag of the card's center from `origin` by `translation` with `velocity`. */
export function cardRelease(card, origin, translation, velocity) {
  const center = { x: origin.x + translation.x, y: origin.y + translation.y };
  const decision = cardSide(card, center.x - card.home.x, velocity.x);
  const target = decision === 0 ? [card.home.x, card.home.y]
    : [decision < 0 ? -card.size[0] : card.screenWidth + card.size[0],
       project(center.y, velocity.y, throwDecelerationRate)];
  return { decision, position: [center.x, center.y], target, velocity: [velocity.x, velocity.y] };
}

"""

    static let carouselSection = """

/** The strip's left edge showing page `index` (0-based). */
export function carouselEdge(carousel, index) { return carousel.left - index * carousel.pageWidth; }

/** The strip's left edge for a drag from `origin` by `translation`, and the band's slope there. */
export function carouselFollow(carousel, origin, translation) {
  const b = banded(origin + translation, carouselEdge(carousel, carousel.pages - 1), carousel.left,
                   carousel.pageWidth, carousel.rubberBand);
  return { left: b.shown, slope: b.slope };
}

/** The page (0-based) a release at `offset` (scrolled from the first page) with `vx` goes to, from page `from`. */
export function carouselPage(carousel, offset, vx, from) {
  const projected = offset - project(0, vx, carousel.decelerationRate);
  const page = Math.floor(projected / carousel.pageWidth + 0.5);
  const step = Math.max(from - carousel.maxStep, Math.min(from + carousel.maxStep, page));
  return Math.max(0, Math.min(carousel.pages - 1, step));
}

/** The release of a drag from `origin` by `translation` that began on page `from`. */
export function carouselRelease(carousel, origin, from, translation, velocity) {
  const { left, slope } = carouselFollow(carousel, origin, translation.x);
  const decision = carouselPage(carousel, carousel.left - left, velocity.x, from);
  return { decision, position: [left], target: [carouselEdge(carousel, decision)],
           velocity: [velocity.x * slope] };
}

"""
}
