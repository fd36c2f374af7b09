// The practice table's one enhancement of its own (issue 16). A card decided by the Banker table is
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
