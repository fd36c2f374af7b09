// Dealer mode: chip buttons add their value to the payout beside them, and single keys deal
// (P, B, S) and start the next round (N) when no text field has the focus. Without this script
// every action still works: amounts are typed and every button is a plain form button.
(function () {
  "use strict";
  function readAmount(text) {
    var cleaned = (text || "").trim().replace(",", ".");
    var value = parseFloat(cleaned);
    return isNaN(value) ? 0 : value;
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest(".dealer-add-chip");
    if (!button) return;
    var form = button.closest("form");
    var field = form && form.querySelector(".dealer-amount");
    if (!field) return;
    var decimal = document.documentElement.lang === "en" ? "." : ",";
    var total = readAmount(field.value) + parseFloat(button.dataset.chip);
    field.value = total.toFixed(2).replace(".", decimal);
  });
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    var key = (event.key || "").toLowerCase();
    var button = document.querySelector('#dealer-panel button[data-key="' + key + '"]');
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  });
  // After htmx swaps the panel in, put the focus where the next action is.
  document.addEventListener("htmx:afterSwap", function (event) {
    var panel = document.getElementById("dealer-panel");
    var first = panel && (panel.querySelector("[autofocus]") || panel.querySelector(".dealer-amount"));
    if (first) first.focus();
  });
})();
