// The practice table's two small enhancements of its own. First (issue 16): a card decided by the Banker table is
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
