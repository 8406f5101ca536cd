// Waybook's page script: asks for the campaign's revision (the server
// holds the question until it moves) and swaps the page's body for the
// new one, without a reload. When the GM closes the table it says so and
// stops asking. Nothing is fetched from elsewhere.
(function () {
  "use strict";
  var path = location.pathname.replace(/\/+$/, "");
  var meta = document.querySelector('meta[name="waybook-revision"]');
  var shown = meta ? meta.getAttribute("content") : "0";
  var CLOSED = {};
  // A question unanswered for 30 seconds (the server answers within 20)
  // is dropped and asked again.
  function ask(url) {
    var options = { cache: "no-store" };
    if (window.AbortSignal && AbortSignal.timeout) {
      options.signal = AbortSignal.timeout(30000);
    }
    return fetch(url, options);
  }
  function refresh() {
    return ask(path)
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
  function closed() {
    var note = document.createElement("p");
    note.className = "closed";
    note.textContent = "The GM has closed the table: this page no longer " +
      "follows the campaign. Reload it when the table is open again.";
    document.body.prepend(note);
    return CLOSED;
  }
  function follow() {
    ask(path + "/revision?after=" + encodeURIComponent(shown))
      .then(function (r) {
        if (r.status === 410) { return closed(); }
        return r.ok ? r.text() : Promise.reject(r.status);
      })
      .then(function (revision) {
        if (revision === CLOSED) { return CLOSED; }
        return revision !== shown ? refresh() : null;
      })
      .then(function (state) {
        if (state !== CLOSED) { setTimeout(follow, 1000); }
      })
      .catch(function () { setTimeout(follow, 2000); });
  }
  follow();
})();
