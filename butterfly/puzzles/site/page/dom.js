// Elements made in one call: the page's own small helpers for the DOM.

export function el(tag, attrs, text) {
  const node = document.createElement(tag);
  if (attrs) for (const k in attrs) node.setAttribute(k, attrs[k]);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function svgEl(tag, attrs, text) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const k in attrs) node.setAttribute(k, attrs[k]);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(text, onClick, extra) {
  const b = el("button", extra || {}, text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}
