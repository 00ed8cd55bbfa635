// High contrast: the header's button, remembered by the browser.
import { CONTRAST, remember, remembered } from "./store.js";

export function contrastToggle() {
  const toggle = document.getElementById("contrast");
  if (!toggle) return;
  function set(on) {
    document.documentElement.classList.toggle("contrast", on);
    toggle.setAttribute("aria-pressed", on ? "true" : "false");
  }
  let on = remembered(CONTRAST) === "on";
  set(on);
  toggle.hidden = false;
  toggle.addEventListener("click", () => {
    on = !on;
    set(on);
    remember(CONTRAST, on ? "on" : "off");
  });
}
