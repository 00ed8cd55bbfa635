// The daily site's service worker (puzzles/site/build.py): the site works offline
// after a first visit. The pages and scripts a visit needs are kept on install;
// every other page of the site is kept when it is first fetched. Network first,
// so a new build is seen at once when online; the kept copy when offline.
// Nothing outside the site is ever fetched or kept.
"use strict";

var CACHE = "butterfly-daily-v1";
var CORE = ["index.html", "archive.html", "style.css", "rules.js", "search.js", "page.js", "favicon.svg", "manifest.webmanifest"];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return cache.addAll(CORE);
    })
  );
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(CACHE).then(function (cache) {
            cache.put(request, copy);
          });
        }
        return response;
      })
      .catch(function () {
        return caches.match(request).then(function (kept) {
          return kept || Response.error();
        });
      })
  );
});
