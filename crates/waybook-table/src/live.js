// Waybook's page script: asks for the campaign's revision (the server
// holds the question until it moves) and swaps the page's body for the
// new one, without a reload. Nothing is fetched from elsewhere.
(function () {
  "use strict";
  var path = location.pathname.replace(/\/+$/, "");
  var meta = document.querySelector('meta[name="waybook-revision"]');
  var shown = meta ? meta.getAttribute("content") : "0";
  function refresh() {
    return fetch(path, { cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var next = page.querySelector('meta[name="waybook-revision"]');
        if (next) { shown = next.getAttribute("content"); }
        document.title = page.title;
        document.body.replaceWith(page.body);
      });
  }
  function follow() {
    fetch(path + "/revision?after=" + encodeURIComponent(shown), { cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (revision) {
        return revision !== shown ? refresh() : null;
      })
      .then(function () { setTimeout(follow, 50); })
      .catch(function () { setTimeout(follow, 2000); });
  }
  follow();
})();
