// A lesson page loads its exercise and its worked examples with requests of their own (so that
// viewing the page writes nothing); each arrives a moment after the page and is taller than its
// placeholder. A page opened at one of its sections (a link to #banker-memory-aid) is brought back
// to that section after each of those swaps, until the learner scrolls, types or clicks.
(() => {
  let follow = Boolean(location.hash);
  const stop = () => { follow = false; };
  for (const kind of ["wheel", "touchstart", "keydown", "mousedown"]) {
    addEventListener(kind, stop, { once: true, passive: true });
  }
  document.addEventListener("htmx:afterSettle", () => {
    if (!follow) return;
    const section = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (section) section.scrollIntoView();
  });
})();
