// The class table's one script (issue 29). Every page of a class table polls /class-table/<pk>/poll each
// second (hx-trigger on #ct-poll). Here the poll sends back the ETag of the state the page shows, so the
// server answers 304 (no body, one query) while nothing changed. The tag starts as the page's own
// (data-etag) and follows each answer's ETag header. The page keeps no other state: a reload shows the
// same thing, and without JavaScript the page is a plain one with a Refresh link.
(() => {
  let etag = null;

  function poller() {
    return document.getElementById("ct-poll");
  }

  document.addEventListener("DOMContentLoaded", () => {
    const element = poller();
    if (element && element.dataset.etag) etag = element.dataset.etag;
  });

  // The tag the poll in flight was sent with. A form's answer (below) that came back meanwhile carries a
  // newer state; the poll's answer, drawn before it, would put the older one back on the page: it is
  // dropped, and the next poll, sent with the form's tag, brings anything newer.
  let sentWith = null;

  document.addEventListener("htmx:configRequest", (event) => {
    if (event.detail.elt.id !== "ct-poll") return;
    sentWith = etag;
    if (etag) event.detail.headers["If-None-Match"] = etag;
  });

  document.addEventListener("htmx:beforeSwap", (event) => {
    if (event.detail.elt.id === "ct-poll" && sentWith !== etag) event.detail.shouldSwap = false;
  });

  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.elt.id !== "ct-poll" || !event.detail.xhr || sentWith !== etag) return;
    const tag = event.detail.xhr.getResponseHeader("ETag");
    if (tag) etag = tag;
  });

  // A form's own answer (a bet, a call, a deal) redraws the regions it changed and carries the new tag
  // in its ETag header too, so the next poll does not fetch the same state again.
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.elt.id === "ct-poll" || !event.detail.xhr) return;
    const tag = event.detail.xhr.getResponseHeader("X-Class-Table-ETag");
    if (tag) etag = tag;
  });

  // The scoreboards show their newest column (as at the practice table).
  function showNewest(root) {
    for (const road of root.querySelectorAll(".road-scroll")) road.scrollLeft = road.scrollWidth;
  }
  document.addEventListener("DOMContentLoaded", () => showNewest(document));
  document.addEventListener("htmx:oobAfterSwap", (event) => {
    if (event.target instanceof Element && event.target.id === "ct-roads") showNewest(event.target);
  });
})();
