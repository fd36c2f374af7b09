// The practice table's small enhancements of its own. First (issue 16): a card decided by the Banker table is
// answered with that table's decided row alone, swapped out of band; a page load would show the
// table opened at that row, so the <details> around the row is opened here as well. Only when the
// row arrives: a learner who then closes the table keeps it closed. (The row's own class is read by
// htmx a moment later, when it settles; its decided cell is there at once.)
document.addEventListener("htmx:oobAfterSwap", (event) => {
  const row = event.target;
  if (row instanceof HTMLTableRowElement && row.querySelector(".cell-decided")) {
    const table = row.closest("details");
    if (table) table.open = true;
  }
});

// The scoreboards show their newest column (issue 26): a long shoe's bead plate and Big Road are wider
// than their box, which would otherwise open scrolled to the oldest. Done when the page loads and when a
// coup's end swaps new roads in; a learner who scrolls back to older columns keeps that until then.
function showNewest(root) {
  for (const road of root.querySelectorAll(".road-scroll")) road.scrollLeft = road.scrollWidth;
}
document.addEventListener("DOMContentLoaded", () => showNewest(document));
document.addEventListener("htmx:oobAfterSwap", (event) => {
  if (event.target instanceof Element && event.target.id === "table-roads") showNewest(event.target);
});

// Dealt face down (the learner's setting; templates/table/partials/_face_down.html): a card comes as its back,
// a button, and the dealer's line keeps everything the card changed in a <template> of its own. Turning the
// card (a click, Space or Enter on it, or T anywhere outside a text field) swaps that in, as the deal's answer
// would have been swapped face up; its autofocus then takes the focus to the next Deal button (or the result,
// or the coach's question). When less motion is asked for, there is no face-down step: the answer is
// unwrapped before htmx swaps it, so the card shows face up at once.
const lessMotion = matchMedia("(prefers-reduced-motion: reduce)");

function faceUpAnswer(line) {
  const kept = line.querySelector(":scope > template.turn-reveal");
  const inner = kept ? kept.content.querySelector("template") : null;
  return inner ? inner.innerHTML : null;
}

function turnCard(button) {
  const line = document.querySelector(".dealer-line[data-face-down]");
  const answer = line ? faceUpAnswer(line) : null;
  if (answer === null || button.classList.contains("turning")) return;
  const show = () => {
    (button.closest(".card-back-form") || button).remove();
    htmx.swap(line, answer, { swapStyle: "outerHTML" });
  };
  if (lessMotion.matches) return show();
  button.classList.add("turning");
  setTimeout(show, 100); // the back folds away (table.css), then the face unfolds
}

document.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest("button.card-back") : null;
  if (!button) return;
  event.preventDefault(); // the button's form (the table page, face up) is the way without this script
  turnCard(button);
});

document.addEventListener("keydown", (event) => {
  if (event.key !== "t" && event.key !== "T") return;
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
  const typing = event.target instanceof Element && event.target.closest("input, textarea, select, [contenteditable]");
  const button = document.querySelector("button.card-back");
  if (typing || !button) return;
  event.preventDefault();
  turnCard(button);
});

document.addEventListener("htmx:beforeSwap", (event) => {
  const response = event.detail.serverResponse;
  if (!lessMotion.matches || typeof response !== "string" || !response.includes("data-face-down")) return;
  const parsed = document.createElement("template");
  parsed.innerHTML = response;
  const line = parsed.content.querySelector(".dealer-line[data-face-down]");
  const answer = line ? faceUpAnswer(line) : null;
  if (answer !== null) event.detail.serverResponse = answer;
});
