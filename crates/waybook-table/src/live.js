// Waybook's page script: holds one stream of the page's changes (server-
// sent events; a browser without them asks the revision instead, a
// question the server holds until it moves) and swaps the page's body for
// the new one, without a reload. The stream reconnects by itself, never
// sooner than a second, naming the last revision it had. When the GM
// closes the table it says so and stops; when the link no longer opens
// (renewed or closed) it says that. Nothing is fetched from elsewhere.
(function () {
  "use strict";
  var path = location.pathname.replace(/\/+$/, "");
  var meta = document.querySelector('meta[name="waybook-revision"]');
  var shown = meta ? meta.getAttribute("content") : "0";
  // What the page does next waits for what it does now (a new page being
  // fetched), so a note is never swapped away with the old body.
  var pending = Promise.resolve();
  var stopped = false;
  // A question unanswered for 30 seconds (the server answers within 20)
  // is dropped and asked again.
  function ask(url) {
    var options = { cache: "no-store" };
    if (window.AbortSignal && AbortSignal.timeout) {
      options.signal = AbortSignal.timeout(30000);
    }
    return fetch(url, options);
  }
  function later(work) {
    pending = pending.then(work).catch(function () {});
  }
  // The page as it is now, swapped in ("live": the server notes that this
  // page's script holds it).
  function refresh() {
    return ask(path + "?live")
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var next = page.querySelector('meta[name="waybook-revision"]');
        if (next) { shown = next.getAttribute("content"); }
        document.title = page.title;
        document.body.replaceWith(page.body);
        // How many changes this page has followed since it opened.
        var root = document.documentElement;
        root.dataset.followed = String(Number(root.dataset.followed || 0) + 1);
      });
  }
  function moved(revision) {
    later(function () {
      return stopped || revision === shown ? null : refresh();
    });
  }
  function stop(words) {
    stopped = true;
    var note = document.createElement("p");
    note.className = "closed";
    note.textContent = words;
    document.body.prepend(note);
  }
  function closed() {
    stop("The GM has closed the table: this page no longer follows the " +
      "campaign. Reload it when the table is open again.");
  }
  function gone() {
    stop("This link no longer opens this page: ask the GM for the new one.");
  }
  // The fallback: the revision asked after again and again, a second at
  // least between two questions.
  function poll() {
    if (stopped) { return; }
    ask(path + "/revision?after=" + encodeURIComponent(shown))
      .then(function (r) {
        if (r.status === 410) { return later(closed); }
        if (r.status === 404) { return later(gone); }
        if (!r.ok) { return Promise.reject(r.status); }
        return r.text().then(function (revision) {
          moved(revision);
          later(function () { setTimeout(poll, 1000); });
        });
      })
      .catch(function () { setTimeout(poll, 2000); });
  }
  function stream() {
    var events = new EventSource(path + "/events?after=" + encodeURIComponent(shown));
    events.onmessage = function (e) { moved(e.data); };
    events.addEventListener("closed", function () {
      events.close();
      later(closed);
    });
    // The browser reconnects by itself unless the server refused the
    // stream (the link closed, say): then the question says why.
    events.onerror = function () {
      if (events.readyState === EventSource.CLOSED) { later(poll); }
    };
  }
  if (window.EventSource) { stream(); } else { poll(); }
})();
